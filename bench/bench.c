/*
 * bench - the coinline benchmark: the only place speed is shown.
 *
 *   bench --tool PATH --dir DIR [--quick]
 *
 * Prints, as aligned whitespace-separated columns under '#' comment lines:
 *   [0] the machine;
 *   [1] whole programs on generated files (best of 3 runs, wall time and
 *       peak RSS of the child): a bare parse with coinline_reader, a naive
 *       fscanf baseline, and `coinline solve FILE`;
 *   [2] in process: the linear solver against the O(n^2) DP;
 *   [3] in process: the linear solver on several row families;
 *   [4] in process: the streaming solver, one coinline_stream_push per coin.
 *   [5] in process: the engine, whole games against five opponents.
 *
 * Internal modes (the bench re-executes itself for these, so that they are
 * measured as separate processes exactly like the tool):
 *   bench --parse-only FILE   read FILE with coinline_reader, print the sum
 *   bench --scanf-only FILE   read FILE with fscanf("%lld"), print the sum
 */
#include "coinline.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* wait4() is a BSD/Linux call, not POSIX: glibc declares it only with
 * _DEFAULT_SOURCE, which -D_POSIX_C_SOURCE turns off. */
extern pid_t wait4(pid_t pid, int *status, int options, struct rusage *ru);

#define MIN_TOTAL_S 0.05 /* repeat fast in-process calls to this much */
#define RUNS        3    /* best of RUNS for whole programs */
#define VMIN        1
#define VMAX        1000000000

static const char *prog = "bench";

/* ------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
    fprintf(stderr, "%s: %s\n", prog, what);
    exit(2);
}

static void die_lib(const char *what, int code)
{
    fprintf(stderr, "%s: %s: %s\n", prog, what, coinline_strerror(code));
    exit(2);
}

static void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        die("out of memory");
    return p;
}

/* splitmix64: a small, fast, well-mixed seeded generator. */
static uint64_t rng_state;

static void rng_seed(uint64_t seed)
{
    rng_state = seed;
}

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]; the modulo bias is below 2^-34 for our ranges. */
static int64_t rng_range(int64_t lo, int64_t hi)
{
    uint64_t span = (uint64_t)(hi - lo) + 1;
    return lo + (int64_t)(rng_next() % span);
}

static int mkdir_p(const char *path)
{
    char buf[4096];
    size_t len = strlen(path);
    if (len == 0 || len >= sizeof buf)
        return -1;
    memcpy(buf, path, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return -1;
            buf[i] = c;
        }
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return -1;
    return 0;
}

/* "1e5" style label for powers of ten, else the number. */
static const char *n_label(uint64_t n, char *buf, size_t size)
{
    int e = 0;
    uint64_t m = n;
    while (m >= 10 && m % 10 == 0) {
        m /= 10;
        e++;
    }
    if (m == 1 && e >= 3)
        snprintf(buf, size, "1e%d", e);
    else
        snprintf(buf, size, "%llu", (unsigned long long)n);
    return buf;
}

/* ------------------------------------------------------------------------
 * Internal modes: bare parse and naive scanf
 * ---------------------------------------------------------------------- */

static int mode_parse_only(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return 2;
    }
    coinline_reader_t *r = NULL;
    int rc = coinline_reader_from_file(fp, path, &r);
    if (rc != COINLINE_OK)
        die_lib("coinline_reader_from_file", rc);
    uint64_t sum = 0, games = 0, coins = 0, count = 0;
    static int64_t chunk[4096];
    size_t got;
    /* The fastest way the library reads: batches, as coinline solve does. */
    while ((rc = coinline_reader_next_game(r, &count)) == 1) {
        games++;
        do {
            rc = coinline_reader_next_coins(r, chunk, 4096, &got);
            for (size_t k = 0; k < got; k++)
                sum += (uint64_t)chunk[k]; /* wraps, defined for unsigned */
            coins += got;
        } while (rc == 1);
        if (rc < 0)
            break;
    }
    if (rc < 0) {
        coinline_where_t w;
        if (coinline_reader_where(r, &w) == COINLINE_OK)
            fprintf(stderr, "%s: %s:%llu:%llu: %s\n", prog, w.name,
                    (unsigned long long)w.line, (unsigned long long)w.column,
                    w.message);
        else
            fprintf(stderr, "%s: %s: %s\n", prog, path, coinline_strerror(rc));
        coinline_reader_free(r);
        fclose(fp);
        return 1;
    }
    coinline_reader_free(r);
    fclose(fp);
    printf("sum %lld games %llu coins %llu\n", (long long)sum,
           (unsigned long long)games, (unsigned long long)coins);
    return 0;
}

static int mode_scanf_only(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return 2;
    }
    uint64_t sum = 0, games = 0, coins = 0;
    long long count, v;
    int got;
    while ((got = fscanf(fp, "%lld", &count)) == 1) {
        if (count < 0)
            die("scanf: negative count");
        games++;
        for (long long i = 0; i < count; i++) {
            if (fscanf(fp, "%lld", &v) != 1)
                die("scanf: truncated game");
            sum += (uint64_t)v;
            coins++;
        }
    }
    if (got != EOF || ferror(fp))
        die("scanf: bad input");
    fclose(fp);
    printf("sum %lld games %llu coins %llu\n", (long long)sum,
           (unsigned long long)games, (unsigned long long)coins);
    return 0;
}

/* ------------------------------------------------------------------------
 * Child processes
 * ---------------------------------------------------------------------- */

typedef struct {
    int ok;           /* exited with status 0 */
    double wall_s;    /* fork to reap */
    double maxrss_mb; /* ru_maxrss, in 10^6 bytes */
    char out[256];    /* start of the child's stdout if captured */
} run_t;

/* Runs argv[0] with argv; stdout goes to a pipe (captured, the rest
 * drained) when capture, else to /dev/null; stderr is inherited. */
static run_t run_child(char *const argv[], int capture)
{
    run_t res;
    memset(&res, 0, sizeof res);
    int fds[2] = {-1, -1};
    if (capture && pipe(fds) != 0)
        die("pipe failed");
    fflush(NULL);
    double t0 = now_s();
    pid_t pid = fork();
    if (pid < 0)
        die("fork failed");
    if (pid == 0) {
        int fd;
        if (capture) {
            close(fds[0]);
            fd = fds[1];
        } else {
            fd = open("/dev/null", O_WRONLY);
        }
        if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
            _exit(127);
        if (fd != STDOUT_FILENO)
            close(fd);
        execv(argv[0], argv);
        fprintf(stderr, "%s: cannot run %s: %s\n", prog, argv[0],
                strerror(errno));
        _exit(127);
    }
    if (capture) {
        close(fds[1]);
        size_t used = 0;
        char sink[4096];
        for (;;) {
            ssize_t k;
            if (used + 1 < sizeof res.out)
                k = read(fds[0], res.out + used, sizeof res.out - 1 - used);
            else
                k = read(fds[0], sink, sizeof sink);
            if (k < 0 && errno == EINTR)
                continue;
            if (k <= 0)
                break;
            if (used + 1 < sizeof res.out)
                used += (size_t)k;
        }
        res.out[used] = '\0';
        close(fds[0]);
    }
    int status = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &status, 0, &ru) < 0) {
        if (errno != EINTR)
            die("wait4 failed");
    }
    res.wall_s = now_s() - t0;
    res.maxrss_mb = (double)ru.ru_maxrss * 1024.0 / 1e6; /* KiB on Linux */
    res.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    char *nl = strchr(res.out, '\n');
    if (nl != NULL)
        *nl = '\0';
    return res;
}

/* Best (least) wall time of RUNS runs; the largest peak RSS seen. */
static run_t run_best(char *const argv[], int capture)
{
    run_t best;
    memset(&best, 0, sizeof best);
    for (int i = 0; i < RUNS; i++) {
        run_t r = run_child(argv, capture);
        if (!r.ok) {
            fprintf(stderr, "%s: run failed:", prog);
            for (int k = 0; argv[k] != NULL; k++)
                fprintf(stderr, " %s", argv[k]);
            fprintf(stderr, "\n");
            return r;
        }
        if (i == 0 || r.wall_s < best.wall_s) {
            double rss = best.maxrss_mb;
            best = r;
            if (rss > best.maxrss_mb)
                best.maxrss_mb = rss;
        } else if (r.maxrss_mb > best.maxrss_mb) {
            best.maxrss_mb = r.maxrss_mb;
        }
    }
    return best;
}

/* A file is reusable when it starts with "N\n" and is at least 2N bytes
 * long (N values and their separators). Files are generated under a
 * temporary name and renamed, so a partial file is never reused. */
static int file_ok(const char *path, uint64_t n, off_t *size)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;
    if ((uint64_t)st.st_size < 2 * n)
        return 0;
    FILE *fp = fopen(path, "rb");
    if (fp == NULL)
        return 0;
    char line[64];
    int good =
        fgets(line, sizeof line, fp) != NULL && strtoull(line, NULL, 10) == n;
    fclose(fp);
    if (good)
        *size = st.st_size;
    return good;
}

static off_t make_input(const char *tool, const char *dir, uint64_t n,
                        uint64_t seed, char *path, size_t size)
{
    snprintf(path, size, "%s/coins-n%llu-s%llu.txt", dir, (unsigned long long)n,
             (unsigned long long)seed);
    off_t fsize = 0;
    if (file_ok(path, n, &fsize)) {
        printf("# input %s: reused\n", path);
        return fsize;
    }
    char tmp[4200], nbuf[32], sbuf[32], minbuf[32], maxbuf[32];
    snprintf(tmp, sizeof tmp, "%s/coins-n%llu-s%llu.txt.tmp", dir,
             (unsigned long long)n, (unsigned long long)seed);
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)n);
    snprintf(sbuf, sizeof sbuf, "%llu", (unsigned long long)seed);
    snprintf(minbuf, sizeof minbuf, "%d", VMIN);
    snprintf(maxbuf, sizeof maxbuf, "%d", VMAX);
    char *argv[] = {(char *)tool, "gen",   "-n",   nbuf,     "--min",
                    minbuf,       "--max", maxbuf, "--seed", sbuf,
                    "-o",         tmp,     NULL};
    run_t r = run_child(argv, 0);
    if (!r.ok || rename(tmp, path) != 0 || !file_ok(path, n, &fsize)) {
        fprintf(stderr, "%s: could not generate %s with %s gen\n", prog, path,
                tool);
        exit(2);
    }
    printf("# input %s: generated in %.2f s\n", path, r.wall_s);
    return fsize;
}

/* ------------------------------------------------------------------------
 * [0] Machine
 * ---------------------------------------------------------------------- */

static void print_machine(const char *tool, int quick)
{
    char model[256] = "unknown";
    FILE *fp = fopen("/proc/cpuinfo", "r");
    if (fp != NULL) {
        char line[512];
        while (fgets(line, sizeof line, fp) != NULL) {
            if (strncmp(line, "model name", 10) == 0) {
                char *p = strchr(line, ':');
                if (p != NULL) {
                    p++;
                    while (*p == ' ' || *p == '\t')
                        p++;
                    p[strcspn(p, "\n")] = '\0';
                    snprintf(model, sizeof model, "%s", p);
                }
                break;
            }
        }
        fclose(fp);
    }
    struct utsname u;
    char kernel[200] = "unknown";
    if (uname(&u) == 0)
        snprintf(kernel, sizeof kernel, "%s %s %s", u.sysname, u.release,
                 u.machine);
#if defined(__clang__)
    const char *cc = "clang " __clang_version__;
#elif defined(__GNUC__)
    const char *cc = "gcc " __VERSION__;
#else
    const char *cc = "unknown";
#endif
#ifdef __OPTIMIZE__
    const char *opt = "optimised";
#else
    const char *opt = "not optimised";
#endif
    printf("# coinline benchmark%s\n",
           quick ? " (--quick: smaller sizes)" : "");
    printf("# [0] machine\n");
    printf("#   nproc     %ld\n", sysconf(_SC_NPROCESSORS_ONLN));
    printf("#   cpu       %s\n", model);
    printf("#   kernel    %s\n", kernel);
    printf("#   compiler  %s (bench: %s)\n", cc, opt);
    printf("#   library   libcoinline %s; tool %s\n", coinline_version_string(),
           tool);
    char load[128] = "unknown";
    fp = fopen("/proc/loadavg", "r");
    if (fp != NULL) {
        if (fgets(load, sizeof load, fp) != NULL)
            load[strcspn(load, "\n")] = '\0';
        fclose(fp);
    }
    printf("#   loadavg   %s (at start; other work on the machine skews "
           "timings)\n",
           load);
    printf("#   wall time (CLOCK_MONOTONIC); in-process timings are "
           "single-threaded, coinline solve reads and reduces games of >= 2^18 "
           "coins on two threads\n");
}

/* ------------------------------------------------------------------------
 * [1] Whole programs on files
 * ---------------------------------------------------------------------- */

static void bench_files(const char *self, const char *tool, const char *dir,
                        const uint64_t *sizes, size_t nsizes)
{
    char paths[8][4096];
    off_t fsizes[8];
    for (size_t i = 0; i < nsizes && i < 8; i++)
        fsizes[i] = make_input(tool, dir, sizes[i], 1000 + i, paths[i],
                               sizeof paths[i]);

    printf("#\n# [1] whole programs on files: best of %d runs (least wall "
           "time; largest peak RSS)\n",
           RUNS);
    printf("#   parse = bench --parse-only FILE: coinline_reader_from_file + "
           "next_game/next_coins, sum (time to read the input)\n");
    printf("#   scanf = bench --scanf-only FILE: fscanf(\"%%lld\"), sum "
           "(naive baseline)\n");
    printf("#   solve = coinline solve FILE (linear solver, default output "
           "to /dev/null)\n");
    printf("#   MB = 10^6 bytes; RSS = ru_maxrss of the child (fork+execv+"
           "wait4), includes the ~1-2 MB floor of any process\n");
    printf("#   targets: solve/parse <= 1.5 (aim 1.2); solve_RSS < 2 x "
           "file size\n");
    printf("#   ratio_ok: aim = solve/parse <= 1.2, yes = <= 1.5, NO = "
           "above; rss_ok: solve_RSS / file size < 2\n");
    printf("%-5s %8s %8s %10s %8s %8s %11s %9s %9s %8s %8s %6s\n", "n",
           "file_MB", "parse_s", "parse_MB/s", "scanf_s", "solve_s",
           "solve/parse", "parse_RSS", "solve_RSS", "RSS/file", "ratio_ok",
           "rss_ok");
    for (size_t i = 0; i < nsizes && i < 8; i++) {
        char *pargv[] = {(char *)self, "--parse-only", paths[i], NULL};
        char *sargv[] = {(char *)self, "--scanf-only", paths[i], NULL};
        char *targv[] = {(char *)tool, "solve", paths[i], NULL};
        run_t p = run_best(pargv, 1);
        run_t s = run_best(sargv, 1);
        run_t t = run_best(targv, 0);
        char lab[32];
        n_label(sizes[i], lab, sizeof lab);
        if (!p.ok || !s.ok || !t.ok) {
            printf("%-5s FAILED (parse %s, scanf %s, solve %s)\n", lab,
                   p.ok ? "ok" : "failed", s.ok ? "ok" : "failed",
                   t.ok ? "ok" : "failed");
            continue;
        }
        if (strcmp(p.out, s.out) != 0)
            printf("# WARNING: parse and scanf disagree: '%s' vs '%s'\n", p.out,
                   s.out);
        double mb = (double)fsizes[i] / 1e6;
        /* Verdicts on the value as printed (two decimals). */
        double ratio = (double)(long)(t.wall_s / p.wall_s * 100 + 0.5) / 100;
        double rssf = t.maxrss_mb / mb;
        printf("%-5s %8.1f %8.3f %10.0f %8.3f %8.3f %11.2f %9.1f %9.1f "
               "%8.2f %8s %6s\n",
               lab, mb, p.wall_s, mb / p.wall_s, s.wall_s, t.wall_s, ratio,
               p.maxrss_mb, t.maxrss_mb, rssf,
               ratio <= 1.2   ? "aim"
               : ratio <= 1.5 ? "yes"
                              : "NO",
               rssf < 2.0 ? "yes" : "NO");
    }
}

/* ------------------------------------------------------------------------
 * In-process timing
 * ---------------------------------------------------------------------- */

typedef struct {
    double per_call_s;
    long reps;
} timing_t;

static void solve_or_die(const int64_t *a, size_t n, coinline_algo_t algo,
                         coinline_result_t *res)
{
    int rc = coinline_solve(a, n, algo, res);
    if (rc != COINLINE_OK)
        die_lib("coinline_solve", rc);
}

/* Best of RUNS rounds; a round calls the solver until MIN_TOTAL_S has
 * passed (at least once). A call slower than LONG_CALL_S is run once. */
#define LONG_CALL_S 1.0
static timing_t time_solve(const int64_t *a, size_t n, coinline_algo_t algo,
                           coinline_result_t *res)
{
    timing_t best = {0, 0};
    for (int round = 0; round < RUNS; round++) {
        long reps = 0;
        double t0 = now_s(), el;
        do {
            solve_or_die(a, n, algo, res);
            reps++;
            el = now_s() - t0;
        } while (el < MIN_TOTAL_S);
        const double per = el / (double)reps;
        if (round == 0 || per < best.per_call_s) {
            best.per_call_s = per;
            best.reps = reps;
        }
        if (per > LONG_CALL_S)
            break;
    }
    return best;
}

static void fill_random(int64_t *a, size_t n, uint64_t seed)
{
    rng_seed(seed);
    for (size_t i = 0; i < n; i++)
        a[i] = rng_range(VMIN, VMAX);
}

/* ------------------------------------------------------------------------
 * [2] Linear vs DP
 * ---------------------------------------------------------------------- */

static void bench_dp(const uint64_t *sizes, size_t nsizes)
{
    printf("#\n# [2] in process: coinline_solve LINEAR vs DP on random rows "
           "(values %d..%d, splitmix64 seed 7+n)\n",
           VMIN, VMAX);
    printf("#   per-call seconds, best of %d rounds; a round repeats the call "
           "to >= %.0f ms (reps = calls in the best round);\n"
           "#   a call over %.0f s is run once\n",
           RUNS, MIN_TOTAL_S * 1e3, LONG_CALL_S);
    printf("#   target: dp/linear >= 1000 at n = 1e5; same = results "
           "identical\n");
    printf("%-5s %12s %8s %12s %6s %10s %6s %6s\n", "n", "linear_s", "lin_reps",
           "dp_s", "dp_reps", "dp/linear", "same", "target");
    for (size_t i = 0; i < nsizes; i++) {
        size_t n = (size_t)sizes[i];
        int64_t *a = xmalloc(n * sizeof *a);
        fill_random(a, n, 7 + n);
        coinline_result_t rl, rd;
        timing_t tl = time_solve(a, n, COINLINE_ALGO_LINEAR, &rl);
        timing_t td = time_solve(a, n, COINLINE_ALGO_DP, &rd);
        int same = coinline_i128_cmp(rl.margin, rd.margin) == 0 &&
                   rl.first_move == rd.first_move;
        double sp = td.per_call_s / tl.per_call_s;
        char lab[32];
        const char *target = "-";
        if (n == 100000)
            target = sp >= 1000 ? "yes" : "NO";
        printf("%-5s %12.3e %8ld %12.3e %6ld %10.0f %6s %6s\n",
               n_label(n, lab, sizeof lab), tl.per_call_s, tl.reps,
               td.per_call_s, td.reps, sp, same ? "yes" : "NO", target);
        free(a);
    }
}

/* ------------------------------------------------------------------------
 * [3] Row families, [4] streaming
 * ---------------------------------------------------------------------- */

enum {
    FAM_RANDOM,
    FAM_SORTED,
    FAM_MOUNTAIN,
    FAM_ZEROS,
    FAM_ALT,
    FAM_VALLEY,
    FAM_NESTED,
    FAM_COUNT
};

static const char *const fam_names[FAM_COUNT] = {
    "random",      "ascending", "mountain", "zeros",
    "alternating", "valley",    "nested"};

static void fill_family(int fam, int64_t *a, size_t n)
{
    switch (fam) {
    case FAM_RANDOM: fill_random(a, n, 99 + n); break;
    case FAM_SORTED: /* strictly increasing: no merge ever applies */
        rng_seed(5 + n);
        for (size_t i = 0; i < n; i++)
            a[i] = (i ? a[i - 1] : 0) + rng_range(1, 100);
        break;
    case FAM_MOUNTAIN: /* 1, 2, ..., k, ..., 2, 1 */
        for (size_t i = 0; i < n; i++)
            a[i] = (int64_t)(i + 1 < n - i ? i + 1 : n - i);
        break;
    case FAM_ZEROS: memset(a, 0, n * sizeof *a); break;
    case FAM_VALLEY: /* k, ..., 2, 1, 2, ..., k */
        for (size_t i = 0; i < n; i++)
            a[i] = (int64_t)(i < n / 2 ? n / 2 - i : i - n / 2 + 1);
        break;
    case FAM_NESTED: /* 0, 1, 0, 2, 0, 3, ... */
        for (size_t i = 0; i < n; i++)
            a[i] = (i & 1) ? (int64_t)(i / 2 + 1) : 0;
        break;
    default: /* 1, 10^9, 1, 10^9, ... */
        for (size_t i = 0; i < n; i++)
            a[i] = (i & 1) ? VMAX : VMIN;
        break;
    }
}

static void bench_families(const uint64_t *sizes, size_t nsizes)
{
    printf("#\n# [3] in process: linear solver (coinline_solve LINEAR) by "
           "row family\n");
    printf("#   random 1..1e9; ascending = strictly increasing random steps "
           "1..100 (no merges: worst-case memory);\n");
    printf(
        "#   mountain = 1..n/2..1; zeros; alternating = 1, 1e9, 1, 1e9, "
        "...;\n#   per call, best of %d rounds of >= %.0f ms (reps = calls in "
        "the best round)\n",
        RUNS, MIN_TOTAL_S * 1e3);
    printf("%-11s %-5s %12s %6s %11s %7s\n", "family", "n", "s_per_call",
           "reps", "ns_per_coin", "winner");
    size_t maxn = 0;
    for (size_t i = 0; i < nsizes; i++)
        if (sizes[i] > maxn)
            maxn = (size_t)sizes[i];
    int64_t *a = xmalloc(maxn * sizeof *a);
    for (int fam = 0; fam < FAM_COUNT; fam++) {
        for (size_t i = 0; i < nsizes; i++) {
            size_t n = (size_t)sizes[i];
            fill_family(fam, a, n);
            coinline_result_t r;
            timing_t t = time_solve(a, n, COINLINE_ALGO_LINEAR, &r);
            char lab[32];
            printf("%-11s %-5s %12.3e %6ld %11.2f %7s\n", fam_names[fam],
                   n_label(n, lab, sizeof lab), t.per_call_s, t.reps,
                   t.per_call_s * 1e9 / (double)n,
                   r.winner == COINLINE_FIRST    ? "first"
                   : r.winner == COINLINE_SECOND ? "second"
                                                 : "draw");
        }
    }
    free(a);
}

static void bench_stream(size_t n)
{
    printf("#\n# [4] in process: streaming solver, coinline_stream_push one "
           "coin at a time (stream_new + n pushes + stream_result + free)\n");
    printf("#   same = result identical to coinline_solve LINEAR on the "
           "same row; best of %d\n",
           RUNS);
    printf("%-11s %-5s %12s %11s %6s\n", "family", "n", "s_total",
           "ns_per_coin", "same");
    int64_t *a = xmalloc(n * sizeof *a);
    const int fams[] = {FAM_RANDOM, FAM_SORTED};
    for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++) {
        fill_family(fams[f], a, n);
        coinline_result_t rs, rl;
        double best = 0;
        for (int k = 0; k < RUNS; k++) {
            double t0 = now_s();
            coinline_stream_t *s = NULL;
            int rc = coinline_stream_new(&s);
            if (rc != COINLINE_OK)
                die_lib("coinline_stream_new", rc);
            for (size_t i = 0; i < n; i++) {
                rc = coinline_stream_push(s, a[i]);
                if (rc != COINLINE_OK)
                    die_lib("coinline_stream_push", rc);
            }
            rc = coinline_stream_result(s, &rs);
            if (rc != COINLINE_OK)
                die_lib("coinline_stream_result", rc);
            coinline_stream_free(s);
            double el = now_s() - t0;
            if (k == 0 || el < best)
                best = el;
        }
        solve_or_die(a, n, COINLINE_ALGO_LINEAR, &rl);
        int same = coinline_i128_cmp(rs.margin, rl.margin) == 0 &&
                   coinline_i128_cmp(rs.p1, rl.p1) == 0 &&
                   rs.first_move == rl.first_move && rs.n == rl.n;
        char lab[32];
        printf("%-11s %-5s %12.3e %11.2f %6s\n", fam_names[fams[f]],
               n_label(n, lab, sizeof lab), best, best * 1e9 / (double)n,
               same ? "yes" : "NO");
    }
    free(a);
}

/* ------------------------------------------------------------------------
 * main
 * ---------------------------------------------------------------------- */

/* ------------------------------------------------------------------------
 * [5] The engine: whole games, player 1 optimal against each opponent
 * ---------------------------------------------------------------------- */

enum { OPP_OPTIMAL, OPP_GREEDY, OPP_LEFT, OPP_RIGHT, OPP_RANDOM, OPP_COUNT };

static const char *const opp_names[OPP_COUNT] = {"optimal", "greedy", "left",
                                                 "right", "random"};

static coinline_side_t opponent_move(int opp, const int64_t *a,
                                     const coinline_engine_state_t *st)
{
    switch (opp) {
    case OPP_OPTIMAL: return st->best;
    case OPP_GREEDY:
        return a[st->lo] >= a[st->hi - 1] ? COINLINE_LEFT : COINLINE_RIGHT;
    case OPP_LEFT: return COINLINE_LEFT;
    case OPP_RIGHT: return COINLINE_RIGHT;
    default: return (rng_next() & 1) ? COINLINE_LEFT : COINLINE_RIGHT;
    }
}

/* One whole game; returns its steps. */
static uint64_t play_game(const int64_t *a, size_t n, int opp)
{
    coinline_engine_t *e;
    coinline_engine_state_t st;
    int rc = coinline_engine_new(a, n, &e);
    if (rc != COINLINE_OK)
        die_lib("coinline_engine_new", rc);
    rng_seed(12345);
    for (;;) {
        coinline_engine_state(e, &st);
        if (st.to_move == 0)
            break;
        const coinline_side_t s =
            st.to_move == 1 ? st.best : opponent_move(opp, a, &st);
        if ((rc = coinline_engine_play(e, s)) != COINLINE_OK)
            die_lib("coinline_engine_play", rc);
    }
    const uint64_t steps = coinline_engine_steps(e);
    coinline_engine_free(e);
    return steps;
}

static void bench_engine(const uint64_t *sizes, size_t nsizes)
{
    printf("#\n# [5] in process: the engine, whole games: player 1 follows "
           "coinline_engine_state().best at every move, player 2 is the "
           "opponent\n");
    printf("#   this engine solves each position afresh: O(k) per position "
           "of k coins, O(n^2) per game\n");
    printf("#   (it is also the O(n)-per-move recomputation baseline for a "
           "faster engine); memory 17 bytes per coin\n");
    printf("%-11s %-8s %6s %12s %14s\n", "family", "opponent", "n",
           "s_per_game", "steps_per_move");
    for (size_t k = 0; k < nsizes; k++) {
        const size_t n = (size_t)sizes[k];
        int64_t *a = xmalloc(n * sizeof *a);
        char lbl[16];
        for (int fam = 0; fam < FAM_COUNT; fam++) {
            fill_family(fam, a, n);
            for (int opp = 0; opp < OPP_COUNT; opp++) {
                const double t = now_s();
                const uint64_t steps = play_game(a, n, opp);
                printf("%-11s %-8s %6s %12.3e %14.1f\n", fam_names[fam],
                       opp_names[opp], n_label(n, lbl, sizeof lbl), now_s() - t,
                       (double)steps / (double)n);
                fflush(stdout);
            }
        }
        free(a);
    }
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: %s --tool PATH --dir DIR [--quick]\n"
            "  --tool PATH   the coinline binary (used for gen and solve)\n"
            "  --dir DIR     scratch directory for generated inputs "
            "(created; files reused)\n"
            "  --quick       smaller sizes, for a smoke run (< 20 s)\n"
            "  -h, --help    this help\n"
            "internal: %s --parse-only FILE | --scanf-only FILE\n",
            prog, prog);
}

int main(int argc, char **argv)
{
    const char *tool = NULL, *dir = NULL;
    int quick = 0;

    if (argc == 3 && strcmp(argv[1], "--parse-only") == 0)
        return mode_parse_only(argv[2]);
    if (argc == 3 && strcmp(argv[1], "--scanf-only") == 0)
        return mode_scanf_only(argv[2]);

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--tool") == 0 && i + 1 < argc) {
            tool = argv[++i];
        } else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "-h") == 0 ||
                   strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "%s: unknown or incomplete option '%s'\n", prog,
                    argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (tool == NULL || dir == NULL) {
        usage(stderr);
        return 2;
    }
    if (access(tool, X_OK) != 0) {
        fprintf(stderr, "%s: %s: not executable\n", prog, tool);
        return 2;
    }
    if (mkdir_p(dir) != 0) {
        fprintf(stderr, "%s: cannot create %s: %s\n", prog, dir,
                strerror(errno));
        return 2;
    }

    /* The bench re-executes itself for the parse baselines. */
    static char self[4096];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    if (k > 0)
        self[k] = '\0';
    else
        snprintf(self, sizeof self, "%s", argv[0]);

    static const uint64_t files_full[] = {100000, 1000000, 10000000};
    static const uint64_t files_quick[] = {10000, 100000, 1000000};
    static const uint64_t dp_full[] = {1000, 10000, 100000};
    static const uint64_t dp_quick[] = {1000, 10000};
    static const uint64_t fam_full[] = {1000000, 10000000};
    static const uint64_t fam_quick[] = {100000, 1000000};

    double t0 = now_s();
    print_machine(tool, quick);
    /* Files first, while this process is small: a forked child's peak RSS
     * counts the parent's pages it shares until execv. */
    bench_files(self, tool, dir, quick ? files_quick : files_full, 3);
    if (quick)
        bench_dp(dp_quick, 2);
    else
        bench_dp(dp_full, 3);
    bench_families(quick ? fam_quick : fam_full, 2);
    bench_stream(quick ? 1000000 : 10000000);
    static const uint64_t eng_full[] = {1000, 10000};
    static const uint64_t eng_quick[] = {1000};
    bench_engine(quick ? eng_quick : eng_full, quick ? 1 : 2);
    printf("#\n# total bench time %.1f s\n", now_s() - t0);
    return 0;
}
