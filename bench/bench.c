/* SPDX-License-Identifier: MIT */
/*
 * bench - the coinline benchmark: the only place speed is shown.
 *
 *   bench --tool PATH --dir DIR [--quick] [--floor | --circle [--dp-all] |
 *                                         --remaining | --multirow]
 *
 * Prints, as aligned whitespace-separated columns under '#' comment lines:
 *   [0] the machine;
 *   [1] whole programs on generated files (best of 3 runs, wall time and
 *       peak RSS of the child): a bare parse with coinline_reader, a naive
 *       fscanf baseline, and `coinline solve FILE`;
 *   [1f] the honest floor: a bare one-thread scalar parse of the same file
 *       (mmap, one pass, digits to int64, sum) against the library's parse
 *       and `coinline solve` on both cores and on one, at every level of
 *       the reader's fast path (COINLINE_SIMD), medians of 5 run in turn,
 *       as ratios: 10^7 positive coins, 10^7 signed coins with mixed white
 *       space, Project Euler 477's 10^8 coins, a stream of 10^6 games of 10
 *       coins, and that stream through a pipe against the same file;
 *   [2] in process: the linear solver against the O(n^2) DP;
 *   [3] in process: the linear solver on several row families;
 *   [4] in process: the streaming solver, one coinline_stream_push per coin.
 *   [5] the engine: whole games at 10^3..10^6 coins by row family and
 *       opponent (time, steps per move, bytes per coin, peak RSS), with
 *       [5a] the recomputation baseline (coinline_best_move() at every
 *       position), [5b] the optimal line by the engine against the O(n^2)
 *       bit table, and [5c] `coinline solve --line=compact` at 10^6.
 *   [8] the circle (pizza): coinline_circle_solve() LINEAR against the
 *       O(n^2) programme over arcs (DP) at 10^3..10^5 by row family, LINEAR
 *       alone at 10^6 and 10^7 (time, steps per coin, memory), with its
 *       targets; exits 1 if LINEAR and DP disagree. [6] and [7] are the
 *       Python and WebAssembly sections (bench/python_bench.py,
 *       bench/js_bench.mjs), which make bench runs after this program.
 *   [9] scoring by what remains (LeetCode 1690): coinline_game_solve()
 *       under line,remaining and circle,remaining, LINEAR (the classic
 *       game on ~a, the line played by the engine for the scores) against
 *       the O(n^2) programme (DP) where it can go; 10^6 coins under 1 s;
 *       [9b] the tool: `coinline solve --score remaining [-c] FILE` at 10^6.
 *   [10] several rows: coinline_multirow_solve() and a whole game on
 *       coinline_multirow_game_*(), 10^6 coins in 1, 1000 and 10^5 rows,
 *       also with the value read after every move, and the line
 *       (coinline_multirow_line()).
 *
 * Internal modes (the bench re-executes itself for these, so that they are
 * measured as separate processes, each with its own peak RSS):
 *   bench --parse-only FILE   read FILE with coinline_reader, print the sum
 *   bench --scanf-only FILE   read FILE with fscanf("%lld"), print the sum
 *   bench --floor-only FILE   the floor: map FILE, parse every integer in
 *                             one scalar pass, print their sum and count
 *   bench --pipe-into FILE PROGRAM ARGS...   run PROGRAM fed FILE through
 *                             a pipe ([1f]: the stream through a pipe)
 *   bench --game KIND FAMILY OPPONENT N ROUNDS   time whole games ([5])
 *   bench --line ALGO FAMILY N ROUNDS            time coinline_line() ([5b])
 *   bench --circle-run ALGO FAMILY N ROUNDS      time a circle ([8])
 */
#include "coinline.h"
#include "scan.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
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
        coinline_error_t w;
        if (coinline_reader_error(r, &w) == COINLINE_OK)
            fprintf(stderr, "%s: %s:%llu:%llu: %s\n", prog,
                    coinline_reader_name(r), (unsigned long long)w.line,
                    (unsigned long long)w.column, w.message);
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

/* The floor of reading a file: what any reader must do and nothing more.
 * The file is mapped, read once, front to back; each run of digits (with
 * an optional '-') becomes an int64 (no overflow check) and is summed;
 * every other byte separates. Counts and coins alike are summed. */
static int mode_floor_only(const char *path)
{
    const int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        fprintf(stderr, "%s: %s: %s\n", prog, path, strerror(errno));
        return 2;
    }
    const size_t len = (size_t)st.st_size;
    const unsigned char *p =
        len > 0 ? mmap(NULL, len, PROT_READ, MAP_PRIVATE, fd, 0) : NULL;
    if (len > 0 && p == MAP_FAILED)
        die("mmap");
    uint64_t sum = 0, tokens = 0;
    for (size_t i = 0; i < len;) {
        const int neg = p[i] == '-';
        size_t j = i + (size_t)neg;
        if (j >= len || (unsigned)(p[j] - '0') > 9u) {
            i++;
            continue;
        }
        uint64_t v = 0;
        for (; j < len && (unsigned)(p[j] - '0') <= 9u; j++)
            v = v * 10 + (uint64_t)(p[j] - '0');
        sum += neg ? 0 - v : v;
        tokens++;
        i = j;
    }
    if (len > 0)
        munmap((void *)p, len);
    close(fd);
    printf("sum %lld tokens %llu\n", (long long)sum,
           (unsigned long long)tokens);
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
           "single-threaded; coinline solve reads a game of >= 2^18 coins on "
           "two threads (a mapped file in two halves), and the short games of "
           "a file in batches on a second thread\n");
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
 * [1f] The honest floor
 * ---------------------------------------------------------------------- */

#define FLOOR_RUNS 5

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median wall time of FLOOR_RUNS runs (0 if one failed); the output
 * of the last run when captured. */
static double run_median(char *const argv[], int capture, run_t *last)
{
    double t[FLOOR_RUNS];
    for (int i = 0; i < FLOOR_RUNS; i++) {
        *last = run_child(argv, capture);
        if (!last->ok)
            return 0;
        t[i] = last->wall_s;
    }
    qsort(t, FLOOR_RUNS, sizeof t[0], cmp_double);
    return t[FLOOR_RUNS / 2];
}

/* An input the bench writes itself: DIR/STEM-nN.txt in path. Returns
 * NULL with *have its size when it is there (reused), else the file to
 * write, under the temporary name tmp (4200 bytes), for input_done(). */
static FILE *input_start(const char *dir, const char *stem, uint64_t n,
                         char *path, size_t size, char *tmp, off_t *have)
{
    struct stat st;
    snprintf(path, size, "%s/%s-n%llu.txt", dir, stem, (unsigned long long)n);
    if (stat(path, &st) == 0 && st.st_size > (off_t)(2 * n)) {
        printf("# input %s: reused\n", path);
        *have = st.st_size;
        return NULL;
    }
    snprintf(tmp, 4200, "%s.tmp", path);
    FILE *fp = fopen(tmp, "w");
    if (fp == NULL)
        die("cannot write an input");
    return fp;
}

/* Closes an input of input_start() and gives it its name. Its size. */
static off_t input_done(FILE *fp, const char *tmp, const char *path)
{
    struct stat st;
    if (fclose(fp) != 0 || rename(tmp, path) != 0 || stat(path, &st) != 0)
        die("cannot write an input");
    printf("# input %s: generated\n", path);
    return st.st_size;
}

/* A file of one game of n signed coins over the whole int64 range, with
 * every kind of white space between them (spaces, tabs, newlines, CRLF),
 * written here (gen writes one kind). Reused when there. */
static off_t make_signed(const char *dir, uint64_t n, char *path, size_t size)
{
    static const char *const gaps[] = {" ", "  ", "\t", "\n", "\r\n", " \t "};
    char tmp[4200];
    off_t have;
    FILE *fp = input_start(dir, "signed-mixed", n, path, size, tmp, &have);
    if (fp == NULL)
        return have;
    rng_seed(77);
    fprintf(fp, "%llu\n", (unsigned long long)n);
    for (uint64_t i = 0; i < n; i++) {
        const int64_t v = (int64_t)rng_next();
        fprintf(fp, "%s%lld", i > 0 ? gaps[rng_next() % 6] : "", (long long)v);
    }
    fputc('\n', fp);
    return input_done(fp, tmp, path);
}

/* A stream of g games of 10 coins, by coinline gen. Reused when there. */
static off_t make_stream(const char *tool, const char *dir, uint64_t g,
                         char *path, size_t size)
{
    struct stat st;
    snprintf(path, size, "%s/stream-g%llu-n10.txt", dir, (unsigned long long)g);
    if (stat(path, &st) == 0 && st.st_size > (off_t)(20 * g)) {
        printf("# input %s: reused\n", path);
        return st.st_size;
    }
    char tmp[4200], gbuf[32];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    snprintf(gbuf, sizeof gbuf, "%llu", (unsigned long long)g);
    char *argv[] = {(char *)tool, "gen",        "-n", "10", "-g", gbuf,
                    "--max",      "1000000000", "-o", tmp,  NULL};
    const run_t r = run_child(argv, 0);
    if (!r.ok || rename(tmp, path) != 0 || stat(path, &st) != 0)
        die("cannot generate the stream");
    printf("# input %s: generated in %.2f s\n", path, r.wall_s);
    return st.st_size;
}

/* bench --pipe-into FILE PROGRAM ARGS...: runs PROGRAM with a pipe on
 * its standard input and writes FILE into it, 64 KiB at a time (as cat
 * would): a feeder for the stream through a pipe ([1f]). */
static int mode_pipe_into(char **argv)
{
    int fds[2];
    if (pipe(fds) != 0)
        die("pipe failed");
    const pid_t pid = fork();
    if (pid < 0)
        die("fork failed");
    if (pid == 0) {
        if (dup2(fds[0], STDIN_FILENO) < 0)
            _exit(127);
        close(fds[0]);
        close(fds[1]);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    close(fds[0]);
    const int in = open(argv[0], O_RDONLY);
    if (in < 0)
        die("cannot open the stream");
    static char buf[1 << 16];
    ssize_t got;
    while ((got = read(in, buf, sizeof buf)) > 0)
        for (ssize_t done = 0, w; done < got; done += w)
            if ((w = write(fds[1], buf + done, (size_t)(got - done))) < 0)
                die("write to the pipe failed");
    close(in);
    close(fds[1]);
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return 1;
    return 0;
}

/* The stream of [1f] through a pipe against the same file, as a ratio. */
static void bench_pipe(const char *self, const char *tool, const char *path)
{
    char *pargv[] = {(char *)self, "--pipe-into", (char *)path,
                     (char *)tool, "solve",       NULL};
    char *sargv[] = {(char *)tool, "solve", (char *)path, NULL};
    run_t last;
    const double pipe_s = run_median(pargv, 0, &last);
    const double file_s = run_median(sargv, 0, &last);
    if (pipe_s <= 0 || file_s <= 0) {
        printf("stream-pipe   FAILED\n");
        return;
    }
    const double ratio = (double)(long)(pipe_s / file_s * 100 + 0.5) / 100;
    printf("#\n# the same stream through a pipe (bench --pipe-into FILE "
           "coinline solve: a feeder writes 64 KiB at a time) against the "
           "file; target: pipe/file <= 1.5\n");
    printf("%-13s %8s %8s %10s %4s\n", "input", "pipe_s", "file_s", "pipe/file",
           "met");
    printf("%-13s %8.3f %8.3f %10.2f %4s\n", "stream-10", pipe_s, file_s, ratio,
           ratio <= 1.5 ? "yes" : "NO");
}

/* PE 477's row: n coins s_1 = 0, s_{i+1} = (s_i^2 + 45) mod 10^9 + 7, one
 * game. Written here, reused when there. */
static off_t make_pe477(const char *dir, uint64_t n, char *path, size_t size)
{
    char tmp[4200];
    off_t have;
    FILE *fp = input_start(dir, "pe477", n, path, size, tmp, &have);
    if (fp == NULL)
        return have;
    static char buf[1 << 16];
    size_t used =
        (size_t)snprintf(buf, sizeof buf, "%llu\n", (unsigned long long)n);
    uint64_t v = 0;
    for (uint64_t i = 0; i < n; i++) {
        char digits[24];
        int k = 0;
        uint64_t x = v;
        do
            digits[k++] = (char)('0' + x % 10);
        while ((x /= 10) != 0);
        if (used + 24 > sizeof buf) {
            fwrite(buf, 1, used, fp);
            used = 0;
        }
        while (k > 0)
            buf[used++] = digits[--k];
        buf[used++] = i + 1 < n ? ' ' : '\n';
        v = (v * v + 45) % 1000000007;
    }
    fwrite(buf, 1, used, fp);
    return input_done(fp, tmp, path);
}

static double median_of(double *t, int n)
{
    qsort(t, (size_t)n, sizeof t[0], cmp_double);
    return t[n / 2];
}

/* Runs argv with COINLINE_SIMD=level; 0 if it failed. */
static double run_at(char *const argv[], int level, run_t *last)
{
    setenv("COINLINE_SIMD", cl_scan_name(level), 1);
    *last = run_child(argv, 1);
    unsetenv("COINLINE_SIMD");
    return last->ok ? last->wall_s : 0;
}

/* One input of [1f]: the floor, then at each level the parse, solve on
 * both cores and solve pinned to core 0, all in turn, runs times; a row
 * per level of medians and their ratios to the floor's. */
static void floor_input(const char *self, const char *tool, const char *name,
                        const char *path, off_t fsize, int runs, int targeted)
{
    static const char taskset[] = "/usr/bin/taskset";
    const int pin = access(taskset, X_OK) == 0;
    double fl[FLOOR_RUNS], t[CL_SCAN_LEVELS][3][FLOOR_RUNS], rss = 0;
    char answer[CL_SCAN_LEVELS][256], parsed[CL_SCAN_LEVELS][256];
    char *fargv[] = {(char *)self, "--floor-only", (char *)path, NULL};
    char *pargv[] = {(char *)self, "--parse-only", (char *)path, NULL};
    char *sargv[] = {(char *)tool, "solve", (char *)path, NULL};
    char *oargv[] = {(char *)taskset, "-c",         "0", (char *)tool,
                     "solve",         (char *)path, NULL};
    run_t r;
    for (int i = 0; i < runs; i++) {
        fl[i] = run_child(fargv, 1).wall_s;
        for (int l = 0; l < CL_SCAN_LEVELS; l++) {
            if (!cl_scan_supported(l))
                continue;
            t[l][0][i] = run_at(pargv, l, &r);
            snprintf(parsed[l], sizeof parsed[l], "%s", r.out);
            t[l][1][i] = run_at(sargv, l, &r);
            snprintf(answer[l], sizeof answer[l], "%s", r.out);
            if (r.maxrss_mb > rss)
                rss = r.maxrss_mb;
            t[l][2][i] = pin ? run_at(oargv, l, &r) : 0;
        }
    }
    const double f = median_of(fl, runs);
    printf("%-12s %8.1f %8.3f   (the floor)\n", name, (double)fsize / 1e6, f);
    for (int l = 0; l < CL_SCAN_LEVELS; l++) {
        if (!cl_scan_supported(l)) {
            printf("%-12s %8s %8s   %s: skipped (the processor lacks it)\n",
                   name, "", "", cl_scan_name(l));
            continue;
        }
        const double pa = median_of(t[l][0], runs);
        const double so = median_of(t[l][1], runs);
        const double one = pin ? median_of(t[l][2], runs) : 0;
        const int met = so > 0 && so / f <= 0.8 && one > 0 && one / f <= 1.2;
        printf("%-12s %8s %8s %-6s %8.3f %8.2f %8.3f %8.2f %8.3f %8.2f %4s\n",
               name, "", "", cl_scan_name(l), pa, pa / f, so, so / f, one,
               one / f,
               !targeted ? "-"
               : met     ? "yes"
                         : "NO");
        if (strcmp(answer[l], answer[0]) != 0 ||
            strcmp(parsed[l], parsed[0]) != 0)
            printf("# WARNING: %s at %s: '%s' / '%s', scalar: '%s' / '%s'\n",
                   name, cl_scan_name(l), parsed[l], answer[l], parsed[0],
                   answer[0]);
    }
    printf("#   %s: solve's peak RSS %.1f MB; answers and sums the same at "
           "every level\n",
           name, rss);
}

static void print_load(const char *when)
{
    char load[128] = "unknown";
    FILE *fp = fopen("/proc/loadavg", "r");
    if (fp != NULL) {
        if (fgets(load, sizeof load, fp) != NULL)
            load[strcspn(load, "\n")] = '\0';
        fclose(fp);
    }
    printf("#   loadavg %s: %s\n", when, load);
}

static void bench_floor(const char *self, const char *tool, const char *dir,
                        int quick)
{
    const uint64_t n = quick ? 1000000 : 10000000;
    const uint64_t g = quick ? 100000 : 1000000;
    const uint64_t pe = quick ? 10000000 : 100000000;
    char paths[4][4096];
    static const char *const names[4] = {"positive", "signed-mixed", "pe477",
                                         "stream-10"};
    off_t fsizes[4];
    /* The largest file of [1] (seed 1002), reused. */
    fsizes[0] = make_input(tool, dir, n, 1002, paths[0], sizeof paths[0]);
    fsizes[1] = make_signed(dir, n, paths[1], sizeof paths[1]);
    fsizes[2] = make_pe477(dir, pe, paths[2], sizeof paths[2]);
    fsizes[3] = make_stream(tool, dir, g, paths[3], sizeof paths[3]);
    printf("#\n# [1f] the honest floor: medians of whole programs run in "
           "turn (%d runs; 3 for pe477)\n",
           FLOOR_RUNS);
    printf("#   levels of the reader's fast path (lib/scan.c):");
    for (int l = 0; l < CL_SCAN_LEVELS; l++)
        printf(" %s%s", cl_scan_name(l),
               cl_scan_supported(l) ? "" : " (lacking)");
    printf("; chosen here: %s\n", cl_scan_name(cl_scan_pick()));
    printf("#   floor = bench --floor-only FILE: mmap, one scalar pass, "
           "digits to int64, sum (one thread, no checks; as "
           "shared/tools/parsefloor.c)\n");
    printf("#   at each level (COINLINE_SIMD=level): parse = bench "
           "--parse-only FILE (the library's reader, one thread); solve = "
           "coinline solve FILE >/dev/null (both cores); 1core = taskset -c "
           "0 coinline solve FILE\n");
    printf("#   inputs: %s coins of gen (positive); the same count signed over "
           "all of int64 with spaces, tabs, LF, CRLF; Project Euler 477's "
           "%s coins; %s games of 10 coins\n",
           quick ? "10^6" : "10^7", quick ? "10^7" : "10^8",
           quick ? "10^5" : "10^6");
    printf("#   targets (issue 33): solve/floor <= 0.8 on both cores, <= 1.2 "
           "on one (met; the stream's target is the pipe's, below)\n");
    print_load("before");
    printf("%-12s %8s %8s %-6s %8s %8s %8s %8s %8s %8s %4s\n", "input",
           "file_MB", "floor_s", "level", "parse_s", "parse/fl", "solve_s",
           "solve/fl", "1core_s", "1core/fl", "met");
    for (int i = 0; i < 4; i++)
        floor_input(self, tool, names[i], paths[i], fsizes[i],
                    i == 2 ? 3 : FLOOR_RUNS, i < 3);
    print_load("after");
    bench_pipe(self, tool, paths[3]);
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
                   r.winner == COINLINE_WINNER_FIRST    ? "first"
                   : r.winner == COINLINE_WINNER_SECOND ? "second"
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
 * [5] The engine: whole games, player 1 optimal against each opponent
 *
 * Every measurement runs in a child process (bench --game, bench --line),
 * so that its peak RSS (VmHWM, see peak_rss_kib()) is that of the one game:
 * the floor of any process, the row (8 bytes a coin) and the pages of the
 * engine or solver that it touched.
 * ---------------------------------------------------------------------- */

#define GAME_MIN_S 0.02 /* a round repeats a game to this much */
#define ENG_MAXN   4    /* sizes in the engine table */
#define TARGET_N   1000000
#define TARGET_S   0.2 /* a whole game at TARGET_N coins */
#define LINE_N     1000000
#define LINE_S     1.0  /* coinline solve --line=compact at LINE_N */
#define RECOMP_MAX 20.0 /* the baseline at 10^5 runs if estimated under */

enum { OPP_OPTIMAL, OPP_GREEDY, OPP_LEFT, OPP_RIGHT, OPP_RANDOM, OPP_COUNT };

static const char *const opp_names[OPP_COUNT] = {"optimal", "greedy", "left",
                                                 "right", "random"};

/* engine: coinline_engine_state() at every position; recompute:
 * coinline_best_move() on the sub-row at every position. */
enum { KIND_ENGINE, KIND_RECOMPUTE, KIND_COUNT };

static const char *const kind_names[KIND_COUNT] = {"engine", "recompute"};

static int name_index(const char *const *names, int count, const char *s)
{
    for (int i = 0; i < count; i++)
        if (strcmp(names[i], s) == 0)
            return i;
    return -1;
}

/* The opponent's move on a[lo..hi-1]; best is the optimal one. */
static coinline_side_t opponent_move(int opp, const int64_t *a, uint64_t lo,
                                     uint64_t hi, coinline_side_t best)
{
    switch (opp) {
    case OPP_OPTIMAL: return best;
    case OPP_GREEDY:
        return a[lo] >= a[hi - 1] ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    case OPP_LEFT: return COINLINE_SIDE_LEFT;
    case OPP_RIGHT: return COINLINE_SIDE_RIGHT;
    default: return (rng_next() & 1) ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
    }
}

/* What one kind of game on one row gives. */
typedef struct {
    double s_per_game;  /* median over the rounds */
    double new_s;       /* of which coinline_engine_new(), mean (engine) */
    uint64_t steps;     /* coinline_engine_steps() at the end (engine) */
    uint64_t max_steps; /* the most steps between two moves (engine) */
    uint64_t bytes;     /* coinline_engine_bytes() (engine) */
    long long margin;   /* p1 - p2 at the end */
    uint64_t hash;      /* FNV-1a of the moves as 'L' and 'R' */
    int check;          /* the margin agrees with coinline_solve */
    double rss_mb;      /* peak RSS of the child (set by the parent) */
} game_t;

#define FNV_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV_PRIME  UINT64_C(0x100000001b3)

static uint64_t fnv_step(uint64_t h, int c)
{
    return (h ^ (uint64_t)c) * FNV_PRIME;
}

/* Totals in these rows stay far below 2^63. */
static long long to_ll(coinline_i128_t v)
{
    int64_t x;
    if (coinline_i128_to_int64(v, &x) != COINLINE_OK)
        die("a total does not fit in int64");
    return (long long)x;
}

/* One whole game on the engine, coinline_engine_new() to _free(). */
static void engine_game(const int64_t *a, size_t n, int opp, game_t *g)
{
    coinline_engine_t *e;
    coinline_engine_state_t st;
    const double t0 = now_s();
    int rc = coinline_engine_new(a, n, &e);
    if (rc != COINLINE_OK)
        die_lib("coinline_engine_new", rc);
    g->new_s += now_s() - t0;
    rng_seed(12345);
    uint64_t h = FNV_OFFSET, prev = coinline_engine_steps(e), most = 0;
    for (;;) {
        if ((rc = coinline_engine_state(e, &st)) != COINLINE_OK)
            die_lib("coinline_engine_state", rc);
        if (st.to_move == 0)
            break;
        const coinline_side_t s =
            st.to_move == 1 ? st.best
                            : opponent_move(opp, a, st.lo, st.hi, st.best);
        if ((rc = coinline_engine_play(e, s)) != COINLINE_OK)
            die_lib("coinline_engine_play", rc);
        h = fnv_step(h, s == COINLINE_SIDE_LEFT ? 'L' : 'R');
        const uint64_t now = coinline_engine_steps(e);
        if (now - prev > most)
            most = now - prev;
        prev = now;
    }
    g->steps = coinline_engine_steps(e);
    g->max_steps = most;
    g->bytes = coinline_engine_bytes(e);
    g->margin = to_ll(st.p1) - to_ll(st.p2);
    g->hash = h;
    coinline_engine_free(e);
}

/* The same game, each position solved afresh by coinline_best_move(). */
static void recompute_game(const int64_t *a, size_t n, int opp, game_t *g)
{
    size_t lo = 0, hi = n;
    long long p[2] = {0, 0};
    int who = 0;
    uint64_t h = FNV_OFFSET;
    rng_seed(12345);
    while (lo < hi) {
        coinline_side_t best;
        const int rc =
            coinline_best_move(a, n, lo, hi, COINLINE_ALGO_LINEAR, &best, NULL);
        if (rc != COINLINE_OK)
            die_lib("coinline_best_move", rc);
        const coinline_side_t s =
            who == 0 ? best : opponent_move(opp, a, lo, hi, best);
        p[who] += s == COINLINE_SIDE_LEFT ? a[lo++] : a[--hi];
        h = fnv_step(h, s == COINLINE_SIDE_LEFT ? 'L' : 'R');
        who ^= 1;
    }
    g->steps = g->max_steps = g->bytes = 0;
    g->margin = p[0] - p[1];
    g->hash = h;
}

/* The peak RSS of this process since its execv, in KiB (VmHWM in
 * /proc/self/status); -1 if unknown. Unlike ru_maxrss, it does not count
 * the parent's pages a forked child held before execv. */
static long peak_rss_kib(void)
{
    long kib = -1;
    char line[256];
    FILE *fp = fopen("/proc/self/status", "r");
    if (fp == NULL)
        return -1;
    while (fgets(line, sizeof line, fp) != NULL)
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kib = strtol(line + 6, NULL, 10);
            break;
        }
    fclose(fp);
    return kib;
}

static double median(double *t, int k)
{
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && t[j] < t[j - 1]; j--) {
            const double x = t[j];
            t[j] = t[j - 1];
            t[j - 1] = x;
        }
    return k % 2 ? t[k / 2] : (t[k / 2 - 1] + t[k / 2]) / 2;
}

/* bench --game KIND FAMILY OPPONENT N ROUNDS: plays whole games (median
 * of ROUNDS rounds, a round repeating the game to >= GAME_MIN_S; a game
 * over LONG_CALL_S ends the rounds) and prints
 * "s_per_game new_s steps max_steps bytes margin hash check peak_rss_kib"
 * (new_s: the mean time of coinline_engine_new(), within s_per_game). */
static int mode_game(char **argv)
{
    const int kind = name_index(kind_names, KIND_COUNT, argv[0]);
    const int fam = name_index(fam_names, FAM_COUNT, argv[1]);
    const int opp = name_index(opp_names, OPP_COUNT, argv[2]);
    const size_t n = (size_t)strtoull(argv[3], NULL, 10);
    const int rounds = atoi(argv[4]);
    if (kind < 0 || fam < 0 || opp < 0 || n == 0 || rounds < 1 || rounds > RUNS)
        die("--game: bad arguments");
    int64_t *a = xmalloc(n * sizeof *a);
    fill_family(fam, a, n);
    coinline_result_t res;
    solve_or_die(a, n, COINLINE_ALGO_LINEAR, &res);
    const long long value = to_ll(res.margin);
    game_t g;
    memset(&g, 0, sizeof g);
    double t[RUNS];
    int done = 0;
    long games = 0;
    while (done < rounds) {
        long reps = 0;
        const double t0 = now_s();
        double el;
        do {
            if (kind == KIND_ENGINE)
                engine_game(a, n, opp, &g);
            else
                recompute_game(a, n, opp, &g);
            reps++;
            games++;
            el = now_s() - t0;
        } while (el < GAME_MIN_S);
        t[done++] = el / (double)reps;
        if (el / (double)reps > LONG_CALL_S)
            break;
    }
    g.check = opp == OPP_OPTIMAL ? g.margin == value : g.margin >= value;
    printf("%.9e %.9e %llu %llu %llu %lld %llx %d %ld\n", median(t, done),
           g.new_s / (double)games, (unsigned long long)g.steps,
           (unsigned long long)g.max_steps, (unsigned long long)g.bytes,
           g.margin, (unsigned long long)g.hash, g.check, peak_rss_kib());
    free(a);
    return 0;
}

/* bench --line ALGO FAMILY N ROUNDS: times coinline_line() as above and
 * prints "s_per_call hash peak_rss_kib". */
static int mode_line(char **argv)
{
    coinline_algo_t algo;
    const int fam = name_index(fam_names, FAM_COUNT, argv[1]);
    const size_t n = (size_t)strtoull(argv[2], NULL, 10);
    const int rounds = atoi(argv[3]);
    if (coinline_algo_parse(argv[0], &algo) != COINLINE_OK || fam < 0 ||
        n == 0 || rounds < 1 || rounds > RUNS)
        die("--line: bad arguments");
    int64_t *a = xmalloc(n * sizeof *a);
    char *moves = xmalloc(n + 1);
    fill_family(fam, a, n);
    double t[RUNS];
    int done = 0;
    while (done < rounds) {
        long reps = 0;
        const double t0 = now_s();
        double el;
        do {
            const int rc = coinline_line(a, n, algo, moves);
            if (rc != COINLINE_OK)
                die_lib("coinline_line", rc);
            reps++;
            el = now_s() - t0;
        } while (el < GAME_MIN_S);
        t[done++] = el / (double)reps;
        if (el / (double)reps > LONG_CALL_S)
            break;
    }
    uint64_t h = FNV_OFFSET;
    for (size_t i = 0; i < n; i++)
        h = fnv_step(h, moves[i]);
    printf("%.9e %llx %ld\n", median(t, done), (unsigned long long)h,
           peak_rss_kib());
    free(moves);
    free(a);
    return 0;
}

static void child_failed(char *const argv[])
{
    fprintf(stderr, "%s: child failed:", prog);
    for (int k = 0; argv[k] != NULL; k++)
        fprintf(stderr, " %s", argv[k]);
    fprintf(stderr, "\n");
    exit(2);
}

/* Runs `bench --game KIND FAMILY OPPONENT N ROUNDS` and reads its answer. */
static game_t run_game(const char *self, int kind, int fam, int opp, uint64_t n,
                       int rounds)
{
    char nbuf[32], rbuf[16];
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)n);
    snprintf(rbuf, sizeof rbuf, "%d", rounds);
    char *argv[] = {(char *)self,
                    "--game",
                    (char *)kind_names[kind],
                    (char *)fam_names[fam],
                    (char *)opp_names[opp],
                    nbuf,
                    rbuf,
                    NULL};
    const run_t r = run_child(argv, 1);
    game_t g;
    memset(&g, 0, sizeof g);
    unsigned long long steps = 0, most = 0, bytes = 0, hash = 0;
    long kib = -1;
    if (!r.ok || sscanf(r.out, "%lf %lf %llu %llu %llu %lld %llx %d %ld",
                        &g.s_per_game, &g.new_s, &steps, &most, &bytes,
                        &g.margin, &hash, &g.check, &kib) != 9)
        child_failed(argv);
    g.steps = steps;
    g.max_steps = most;
    g.bytes = bytes;
    g.hash = hash;
    g.rss_mb = kib >= 0 ? (double)kib * 1024.0 / 1e6 : r.maxrss_mb;
    return g;
}

/* Runs `bench --line ALGO FAMILY N ROUNDS`: *s gets the seconds per call,
 * *hash the line's; returns the child's peak RSS in MB. */
static double run_line(const char *self, coinline_algo_t algo, int fam,
                       uint64_t n, int rounds, double *s, uint64_t *hash)
{
    char nbuf[32], rbuf[16];
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)n);
    snprintf(rbuf, sizeof rbuf, "%d", rounds);
    char *argv[] = {(char *)self,
                    "--line",
                    (char *)coinline_algo_name(algo),
                    (char *)fam_names[fam],
                    nbuf,
                    rbuf,
                    NULL};
    const run_t r = run_child(argv, 1);
    unsigned long long h = 0;
    long kib = -1;
    if (!r.ok || sscanf(r.out, "%lf %llx %ld", s, &h, &kib) != 3)
        child_failed(argv);
    *hash = h;
    return kib >= 0 ? (double)kib * 1024.0 / 1e6 : r.maxrss_mb;
}

/* log2(x) for x >= 1, without libm. */
static double log2_of(double x)
{
    double l = 0, bit = 1;
    while (x >= 2) {
        x /= 2;
        l++;
    }
    for (int i = 0; i < 30; i++) {
        x *= x;
        bit /= 2;
        if (x >= 2) {
            x /= 2;
            l += bit;
        }
    }
    return l;
}

/* The engine table, kept for the baselines and the line. */
static game_t eng[FAM_COUNT][OPP_COUNT][ENG_MAXN];

static void bench_engine(const char *self, const uint64_t *sizes, size_t nsizes)
{
    char lab[32], h1[40], h2[40];
    if (nsizes < 3 || nsizes > ENG_MAXN)
        die("bench_engine: 3 to ENG_MAXN sizes");
    printf("#\n# [5] the engine (coinline_engine_*), whole games: player 1 "
           "follows coinline_engine_state().best at every move, player 2 is "
           "the opponent\n");
    printf("#   opponents: optimal = .best as well; greedy = the larger end "
           "coin (left on ties); left, right = always that end;\n"
           "#   random = a fair coin (splitmix64, seed 12345). Families as in "
           "[3], plus valley = n/2..2,1,2..n/2 and nested = 0,1,0,2,0,3,...\n");
    printf("#   s@N = seconds per whole game at n = N, coinline_engine_new() "
           "to _free(): median of 3 rounds, a round repeats the game to >= "
           "%.0f ms\n",
           GAME_MIN_S * 1e3);
    printf("#   st@N = elementary steps per move, coinline_engine_steps() / n "
           "(the construction included)\n");
    printf("#   B/coin = coinline_engine_bytes() / n at the largest n; "
           "RSS_MB = peak RSS of the child there (VmHWM since its execv):\n"
           "#   the pages it touched (row, engine, check, process floor), so "
           "engine memory a game never touches is not in it;\n"
           "#   each cell is its own child process (bench --game engine "
           "FAMILY OPPONENT N 3)\n");
    printf("#   chk: ok = at every n, final p1 - p2 equals coinline_solve's "
           "margin (optimal opponent) or is at least that (the others)\n");
    printf("%-11s %-7s", "family", "opp");
    for (size_t k = 0; k < nsizes; k++) {
        n_label(sizes[k], lab, sizeof lab);
        snprintf(h1, sizeof h1, "s@%s", lab);
        snprintf(h2, sizeof h2, "st@%s", lab);
        printf(" %9s %6s", h1, h2);
    }
    printf(" %6s %6s %3s\n", "B/coin", "RSS_MB", "chk");
    for (int fam = 0; fam < FAM_COUNT; fam++) {
        for (int opp = 0; opp < OPP_COUNT; opp++) {
            int ok = 1;
            for (size_t k = 0; k < nsizes; k++) {
                eng[fam][opp][k] =
                    run_game(self, KIND_ENGINE, fam, opp, sizes[k], RUNS);
                ok &= eng[fam][opp][k].check;
            }
            printf("%-11s %-7s", fam_names[fam], opp_names[opp]);
            for (size_t k = 0; k < nsizes; k++)
                printf(" %9.3e %6.1f", eng[fam][opp][k].s_per_game,
                       (double)eng[fam][opp][k].steps / (double)sizes[k]);
            const game_t *g = &eng[fam][opp][nsizes - 1];
            printf(" %6.1f %6.1f %3s\n",
                   (double)g->bytes / (double)sizes[nsizes - 1], g->rss_mb,
                   ok ? "ok" : "BAD");
            fflush(stdout);
        }
    }

    printf("#\n# [5] summary by n (worst over the %d families x %d "
           "opponents)\n",
           FAM_COUNT, OPP_COUNT);
    int target_k = -1;
    for (size_t k = 0; k < nsizes; k++) {
        int wt = 0, ws = 0, wm = 0;
        double bmin = 1e300, bmax = 0, rss = 0, nmin = 1e300, nmax = 0;
        for (int c = 0; c < FAM_COUNT * OPP_COUNT; c++) {
            const game_t *g = &eng[c / OPP_COUNT][c % OPP_COUNT][k];
            const game_t *t = &eng[wt / OPP_COUNT][wt % OPP_COUNT][k];
            const game_t *s = &eng[ws / OPP_COUNT][ws % OPP_COUNT][k];
            const game_t *m = &eng[wm / OPP_COUNT][wm % OPP_COUNT][k];
            if (g->s_per_game > t->s_per_game)
                wt = c;
            if (g->steps > s->steps)
                ws = c;
            if (g->max_steps > m->max_steps)
                wm = c;
            const double b = (double)g->bytes / (double)sizes[k];
            bmin = b < bmin ? b : bmin;
            bmax = b > bmax ? b : bmax;
            rss = g->rss_mb > rss ? g->rss_mb : rss;
            nmin = g->new_s < nmin ? g->new_s : nmin;
            nmax = g->new_s > nmax ? g->new_s : nmax;
        }
        const game_t *t = &eng[wt / OPP_COUNT][wt % OPP_COUNT][k];
        const game_t *s = &eng[ws / OPP_COUNT][ws % OPP_COUNT][k];
        const game_t *m = &eng[wm / OPP_COUNT][wm % OPP_COUNT][k];
        const double spm = (double)s->steps / (double)sizes[k];
        printf("# n = %-4s worst s/game %.3e (%s/%s); worst steps/move %.1f "
               "(%s/%s) = %.2f x log2 n; most steps in one move %llu "
               "(%s/%s);\n"
               "#          coinline_engine_new() %.1e..%.1e s of the game; "
               "bytes/coin %.1f..%.1f; engine %.1f MB, peak RSS up to %.1f "
               "MB\n",
               n_label(sizes[k], lab, sizeof lab), t->s_per_game,
               fam_names[wt / OPP_COUNT], opp_names[wt % OPP_COUNT], spm,
               fam_names[ws / OPP_COUNT], opp_names[ws % OPP_COUNT],
               spm / log2_of((double)sizes[k]),
               (unsigned long long)m->max_steps, fam_names[wm / OPP_COUNT],
               opp_names[wm % OPP_COUNT], nmin, nmax, bmin, bmax,
               bmax * (double)sizes[k] / 1e6, rss);
        if (sizes[k] == TARGET_N)
            target_k = (int)k;
    }
    if (target_k < 0) {
        printf("# target: a whole game at n = %s under %.1f s: not checked "
               "(this run stops at n = %s)\n",
               n_label(TARGET_N, h1, sizeof h1), TARGET_S,
               n_label(sizes[nsizes - 1], lab, sizeof lab));
        return;
    }
    int over = 0, w = 0;
    for (int c = 0; c < FAM_COUNT * OPP_COUNT; c++) {
        const double s = eng[c / OPP_COUNT][c % OPP_COUNT][target_k].s_per_game;
        over += s >= TARGET_S;
        if (s > eng[w / OPP_COUNT][w % OPP_COUNT][target_k].s_per_game)
            w = c;
    }
    printf("# target: a whole game at n = %s under %.1f s for every family "
           "and opponent: %s (%d of %d over; worst %.3f s, %s/%s)\n",
           n_label(TARGET_N, h1, sizeof h1), TARGET_S, over ? "NOT met" : "met",
           over, FAM_COUNT * OPP_COUNT,
           eng[w / OPP_COUNT][w % OPP_COUNT][target_k].s_per_game,
           fam_names[w / OPP_COUNT], opp_names[w % OPP_COUNT]);
    for (int c = 0; c < FAM_COUNT * OPP_COUNT; c++) {
        const double s = eng[c / OPP_COUNT][c % OPP_COUNT][target_k].s_per_game;
        if (s >= TARGET_S)
            printf("#   over: %s/%s %.3f s\n", fam_names[c / OPP_COUNT],
                   opp_names[c % OPP_COUNT], s);
    }
}

/* [5a] The recomputation baseline beside the engine, at sizes[0..1] of
 * the engine table (10^3: every opponent; 10^4: the optimal one). */
static void bench_recompute(const char *self, const uint64_t *sizes, int rounds,
                            double run_max)
{
    double r4 = 0; /* random/optimal at sizes[1] */
    char lab[32], h[3][40];
    printf("#\n# [5a] baseline: the same games with coinline_best_move(coins, "
           "n, lo, hi, LINEAR) at every position\n"
           "#   (O(k) for a position of k coins, O(n^2) a game); rc_s = its "
           "seconds per game (as in [5], median of %d rounds),\n"
           "#   eng_s = the engine's from [5], x = rc_s / eng_s; same = the "
           "same moves (FNV-1a of the line) and totals as the engine\n",
           rounds);
    printf("%-11s %-7s", "family", "opp");
    for (int k = 0; k < 2; k++) {
        n_label(sizes[k], lab, sizeof lab);
        snprintf(h[0], sizeof h[0], "rc_s@%s", lab);
        snprintf(h[1], sizeof h[1], "eng_s@%s", lab);
        snprintf(h[2], sizeof h[2], "x@%s", lab);
        printf(" %10s %10s %7s", h[0], h[1], h[2]);
    }
    printf(" %4s\n", "same");
    double xmin = 1e300, xmax = 0;
    int fmin = 0, fmax = 0;
    for (int fam = 0; fam < FAM_COUNT; fam++) {
        for (int opp = 0; opp < OPP_COUNT; opp++) {
            int same = 1;
            printf("%-11s %-7s", fam_names[fam], opp_names[opp]);
            for (int k = 0; k < 2; k++) {
                if (k == 1 && opp != OPP_OPTIMAL) {
                    printf(" %10s %10s %7s", "-", "-", "-");
                    continue;
                }
                const game_t r =
                    run_game(self, KIND_RECOMPUTE, fam, opp, sizes[k], rounds);
                const game_t *e = &eng[fam][opp][k];
                const double x = r.s_per_game / e->s_per_game;
                same &= r.hash == e->hash && r.margin == e->margin;
                if (k == 1 && fam == FAM_RANDOM && opp == OPP_OPTIMAL)
                    r4 = r.s_per_game;
                printf(" %10.3e %10.3e %7.0f", r.s_per_game, e->s_per_game, x);
                if (k == 1 && opp == OPP_OPTIMAL) {
                    if (x < xmin) {
                        xmin = x;
                        fmin = fam;
                    }
                    if (x > xmax) {
                        xmax = x;
                        fmax = fam;
                    }
                }
            }
            printf(" %4s\n", same ? "yes" : "NO");
            fflush(stdout);
        }
    }
    printf("# speedup of the engine at n = %s, opponent optimal: %.0f (%s) "
           "to %.0f (%s)\n",
           n_label(sizes[1], lab, sizeof lab), xmin, fam_names[fmin], xmax,
           fam_names[fmax]);

    /* 10^5: one family, if the 10^4 figure says it takes under run_max
     * seconds; else the estimate from it. */
    const uint64_t big = sizes[1] * 10;
    const game_t *e5 = &eng[FAM_RANDOM][OPP_OPTIMAL][2];
    const double est = r4 * 100;
    n_label(big, lab, sizeof lab);
    if (est <= run_max) {
        const game_t r5 =
            run_game(self, KIND_RECOMPUTE, FAM_RANDOM, OPP_OPTIMAL, big, 1);
        printf("# n = %s, random/optimal, one game: rc_s %.3e measured, "
               "eng_s %.3e, x %.0f, same %s\n",
               lab, r5.s_per_game, e5->s_per_game,
               r5.s_per_game / e5->s_per_game,
               r5.hash == e5->hash && r5.margin == e5->margin ? "yes" : "NO");
    } else {
        if (run_max > 0)
            snprintf(h[1], sizeof h[1], "over %.0f s", run_max);
        else
            snprintf(h[1], sizeof h[1], "--quick");
        printf("# n = %s, random/optimal: rc_s ~%.0f s is an ESTIMATE (100 x "
               "the %s figure %.3e s; not run: %s), eng_s %.3e, x ~%.0f\n",
               lab, est, n_label(sizes[1], h[0], sizeof h[0]), r4, h[1],
               e5->s_per_game, est / e5->s_per_game);
    }
}

/* [5b] The optimal line: the engine's (LINEAR) against the bit table (DP),
 * which runs up to dp_max coins; above, an estimate (marked ~) from the
 * largest size it ran at, as long as coinline_line() would take it. */
static void bench_lines(const char *self, const uint64_t *sizes, size_t nsizes,
                        uint64_t dp_max)
{
    char lab[32], est[3][32];
    printf("#\n# [5b] the optimal line, coinline_line(coins, n, ALGO, moves), "
           "random family: LINEAR = the engine playing both sides,\n"
           "#   DP = O(n^2) time over a table of one bit a position (n^2/16 "
           "bytes); seconds per call as in [5]; RSS = the child's peak, as "
           "in [5] (MB)\n"
           "#   same = the LINEAR line equals the [5] random/optimal game's "
           "moves and, where it runs, the DP line (FNV-1a hashes)\n");
    printf("#   DP runs up to n = %s; ~ marks an ESTIMATE, not run: time "
           "(n / %s)^2 x the figure there, RSS n^2/16 bytes\n"
           "#   (at 1e5: ~20 s and 625 MB, too long for this bench); refused "
           "= over COINLINE_DP_LINE_MAX (%d: a 2 GiB table)\n",
           n_label(dp_max, lab, sizeof lab), lab, COINLINE_DP_LINE_MAX);
    printf("%-5s %10s %7s %10s %7s %9s %4s\n", "n", "linear_s", "lin_RSS",
           "dp_s", "dp_RSS", "dp/linear", "same");
    double dp_last = 0;
    uint64_t n_last = 0;
    for (size_t k = 0; k < nsizes; k++) {
        const uint64_t n = sizes[k];
        double ls, ds = 0;
        uint64_t lh, dh = 0;
        const double lrss =
            run_line(self, COINLINE_ALGO_LINEAR, FAM_RANDOM, n, RUNS, &ls, &lh);
        int same = lh == eng[FAM_RANDOM][OPP_OPTIMAL][k].hash;
        printf("%-5s %10.3e %7.1f", n_label(n, lab, sizeof lab), ls, lrss);
        if (n <= dp_max) {
            const double drss =
                run_line(self, COINLINE_ALGO_DP, FAM_RANDOM, n, RUNS, &ds, &dh);
            same &= dh == lh;
            printf(" %10.3e %7.1f %9.0f", ds, drss, ds / ls);
            dp_last = ds;
            n_last = n;
        } else if (n <= COINLINE_DP_LINE_MAX && n_last > 0) {
            const double r = (double)n / (double)n_last;
            ds = dp_last * r * r;
            snprintf(est[0], sizeof est[0], "~%.1e", ds);
            snprintf(est[1], sizeof est[1], "~%.0f",
                     (double)n * (double)n / 16 / 1e6);
            snprintf(est[2], sizeof est[2], "~%.0f", ds / ls);
            printf(" %10s %7s %9s", est[0], est[1], est[2]);
        } else {
            printf(" %10s %7s %9s", "refused", "-", "-");
        }
        printf(" %4s\n", same ? "yes" : "NO");
        fflush(stdout);
    }
}

/* [5c] The tool: coinline solve --line=compact on a generated file. */
static void bench_tool_line(const char *tool, const char *dir, uint64_t seed)
{
    char path[4096], lab[32];
    printf("#\n# [5c] coinline solve --line=compact FILE (the optimal line "
           "by the engine), output to /dev/null: best of %d runs; "
           "target under %.0f s at n = %s\n",
           RUNS, LINE_S, n_label(LINE_N, lab, sizeof lab));
    const off_t fsize = make_input(tool, dir, LINE_N, seed, path, sizeof path);
    char *argv[] = {(char *)tool, "solve", "--line=compact", path, NULL};
    const run_t r = run_best(argv, 0);
    if (!r.ok)
        die("coinline solve --line=compact failed");
    printf("%-5s %8s %8s %8s %6s\n", "n", "file_MB", "line_s", "RSS_MB",
           "target");
    printf("%-5s %8.1f %8.3f %8.1f %6s\n", lab, (double)fsize / 1e6, r.wall_s,
           r.maxrss_mb, r.wall_s < LINE_S ? "met" : "NOT");
}

/* ------------------------------------------------------------------------
 * [8] The circle (issue 15): coinline_circle_solve() with LINEAR (the
 * engine sliding over the row written twice, O(n log n)) against DP (the
 * O(n^2) programme over arcs), by row family. Each cell is its own child
 * process (bench --circle-run ALGO FAMILY N ROUNDS), for its peak RSS.
 * ---------------------------------------------------------------------- */

#define CIRC_MAXN   5      /* sizes in the table */
#define CIRC_DP_N   100000 /* DP here on CIRC_DP_FAM only (all: --dp-all) */
#define CIRC_DP_FAM FAM_RANDOM
#define CIRC_T5     1.0 /* target: 10^5 coins under 1 s */
#define CIRC_T6     2.0 /* target: 10^6 coins under 2 s */
#define CIRC_FLAT   1.2 /* flat: largest / smallest steps per coin, over n */

/* What one child says of one circle. */
typedef struct {
    double s;           /* seconds per call, median of the rounds */
    uint64_t steps;     /* result.steps: the engine's (LINEAR), cells (DP) */
    long long margin;   /* p1 - p2 */
    uint64_t first;     /* the optimal first position */
    uint64_t eng_bytes; /* coinline_engine_estimate() of the doubled row */
    double rss_mb;      /* peak RSS of the child (VmHWM), MB */
    double sys_share;   /* system CPU / (user + system) over the calls */
} circ_t;

/* CPU seconds of this process so far: user into *user, system into *sys. */
static void cpu_times(double *user, double *sys)
{
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    getrusage(RUSAGE_SELF, &ru);
    *user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6;
    *sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* The engine's heap for the circle's doubled row, coins[1..n-1] then
 * coins[0..n-2] (2n - 2 coins, lib/circle.c): coinline_engine_estimate(). */
static uint64_t circle_engine_bytes(const int64_t *a, size_t n)
{
    uint64_t bytes = 0;
    if (n < 2)
        return 0;
    int64_t *b = xmalloc((2 * n - 2) * sizeof *b);
    memcpy(b, a + 1, (n - 1) * sizeof *b);
    memcpy(b + n - 1, a, (n - 1) * sizeof *b);
    const int rc = coinline_engine_estimate(b, 2 * n - 2, &bytes);
    if (rc != COINLINE_OK)
        die_lib("coinline_engine_estimate", rc);
    free(b);
    return bytes;
}

/* bench --circle-run ALGO FAMILY N ROUNDS: coinline_circle_solve() timed
 * as in [5] (median of ROUNDS rounds, a round repeating the call to >=
 * GAME_MIN_S; a call over LONG_CALL_S ends the rounds); prints
 * "s_per_call steps margin first peak_rss_kib engine_bytes sys_share",
 * the peak read before the estimate (which copies the row twice over),
 * sys_share the system's part of the CPU time of all the calls. */
static int mode_circle(char **argv)
{
    coinline_algo_t algo;
    const int fam = name_index(fam_names, FAM_COUNT, argv[1]);
    const size_t n = (size_t)strtoull(argv[2], NULL, 10);
    const int rounds = atoi(argv[3]);
    if (coinline_algo_parse(argv[0], &algo) != COINLINE_OK || fam < 0 ||
        n == 0 || rounds < 1 || rounds > RUNS)
        die("--circle-run: bad arguments");
    int64_t *a = xmalloc(n * sizeof *a);
    fill_family(fam, a, n);
    coinline_circle_result_t r;
    double t[RUNS], u0, s0, u1, s1;
    int done = 0;
    cpu_times(&u0, &s0);
    while (done < rounds) {
        long reps = 0;
        const double t0 = now_s();
        double el;
        do {
            const int rc = coinline_circle_solve(a, n, algo, &r);
            if (rc != COINLINE_OK)
                die_lib("coinline_circle_solve", rc);
            reps++;
            el = now_s() - t0;
        } while (el < GAME_MIN_S);
        t[done++] = el / (double)reps;
        if (el / (double)reps > LONG_CALL_S)
            break;
    }
    cpu_times(&u1, &s1);
    const long kib = peak_rss_kib();
    const uint64_t eb =
        algo == COINLINE_ALGO_LINEAR ? circle_engine_bytes(a, n) : 0;
    const double cpu = (u1 - u0) + (s1 - s0);
    printf("%.9e %llu %lld %llu %ld %llu %.4f\n", median(t, done),
           (unsigned long long)r.steps, to_ll(r.margin),
           (unsigned long long)r.first, kib, (unsigned long long)eb,
           cpu > 0 ? (s1 - s0) / cpu : 0.0);
    free(a);
    return 0;
}

/* Runs `bench --circle-run ALGO FAMILY N ROUNDS` and reads its answer. */
static circ_t run_circle(const char *self, coinline_algo_t algo, int fam,
                         uint64_t n, int rounds)
{
    char nbuf[32], rbuf[16];
    snprintf(nbuf, sizeof nbuf, "%llu", (unsigned long long)n);
    snprintf(rbuf, sizeof rbuf, "%d", rounds);
    char *argv[] = {(char *)self,
                    "--circle-run",
                    (char *)coinline_algo_name(algo),
                    (char *)fam_names[fam],
                    nbuf,
                    rbuf,
                    NULL};
    const run_t res = run_child(argv, 1);
    circ_t c;
    memset(&c, 0, sizeof c);
    unsigned long long steps = 0, first = 0, eb = 0;
    long kib = -1;
    if (!res.ok ||
        sscanf(res.out, "%lf %llu %lld %llu %ld %llu %lf", &c.s, &steps,
               &c.margin, &first, &kib, &eb, &c.sys_share) != 7)
        child_failed(argv);
    c.steps = steps;
    c.first = first;
    c.eng_bytes = eb;
    c.rss_mb = kib >= 0 ? (double)kib * 1024.0 / 1e6 : res.maxrss_mb;
    return c;
}

/* The table of [8], LINEAR's cells and DP's seconds (0: not run), kept
 * for the summary. */
static circ_t circ[FAM_COUNT][CIRC_MAXN];
static double circ_dp_s[FAM_COUNT][CIRC_MAXN];

static void circle_header(uint64_t dp_max, uint64_t nmax, int dp_all)
{
    char lab[3][32];
    n_label(dp_max, lab[0], sizeof lab[0]);
    n_label(CIRC_DP_N, lab[1], sizeof lab[1]);
    n_label(nmax, lab[2], sizeof lab[2]);
    printf("#\n# [8] the circle (pizza), coinline_circle_solve(coins, n, ALGO, "
           "&r): LINEAR = the engine sliding over the row written twice\n"
           "#   (O(n log n)), DP = the programme over arcs (O(n^2): n^2 "
           "cells); row families as in [5]; each cell its own child\n"
           "#   (bench --circle-run ALGO FAMILY N ROUNDS): seconds per call, "
           "median of %d rounds of >= %.0f ms (a call over %.0f s runs once)\n",
           RUNS, GAME_MIN_S * 1e3, LONG_CALL_S);
    printf("#   same = DP gives LINEAR's margin and first position (first: "
           "1-based); st/coin = LINEAR's r.steps / n (the engine's\n"
           "#   elementary steps, each O(1) or O(log n)); ns/coin = linear_s "
           "/ n; engB/coin = coinline_engine_estimate() of the\n"
           "#   doubled row (2n - 2 coins) / n; RSS_MB = peak RSS of the "
           "LINEAR child (VmHWM: the coins, the library's copies, the\n"
           "#   engine's pages touched, the process floor); sys%% = the "
           "kernel's share of the LINEAR calls' CPU time (getrusage:\n"
           "#   mostly the first touch of new pages, which the kernel "
           "zeroes)\n");
    if (dp_max >= CIRC_DP_N && dp_all)
        printf("#   DP runs up to n = %s on every family (--dp-all)\n", lab[1]);
    else if (dp_max >= CIRC_DP_N)
        printf("#   DP runs up to n = 1e4 on every family and at %s on %s "
               "(--dp-all: on all); ~ marks an ESTIMATE, not run (100 x\n"
               "#   the family's 1e4 time)\n",
               lab[1], fam_names[CIRC_DP_FAM]);
    else
        printf("#   DP runs up to n = %s (--quick); ~ marks an ESTIMATE at %s, "
               "not run (100 x the family's %s time)\n",
               lab[0], lab[1], lab[0]);
    printf("#   targets: 1e5 coins under %.0f s, 1e6 under %.0f s; steps per "
           "coin flat as n grows (1e3..%s: largest / smallest <= %.1f)\n",
           CIRC_T5, CIRC_T6, lab[2], CIRC_FLAT);
    printf("%-11s %-5s %10s %10s %8s %4s %8s %7s %7s %4s %9s %7s\n", "family",
           "n", "linear_s", "dp_s", "dp/lin", "same", "first", "st/coin",
           "ns/coin", "sys%", "engB/coin", "RSS_MB");
}

/* One row of [8]: LINEAR, then DP if dp (or its estimate at CIRC_DP_N);
 * returns 0 when DP ran and disagreed, else 1. */
static int circle_row(const char *self, int fam, const uint64_t *sizes,
                      size_t k, int dp, int dp_rounds)
{
    char lab[32], d[2][32];
    const uint64_t n = sizes[k];
    circ_t *c = &circ[fam][k];
    *c = run_circle(self, COINLINE_ALGO_LINEAR, fam, n, RUNS);
    int same = -1;
    snprintf(d[0], sizeof d[0], "-");
    snprintf(d[1], sizeof d[1], "-");
    if (dp) {
        const circ_t r = run_circle(self, COINLINE_ALGO_DP, fam, n, dp_rounds);
        same = r.margin == c->margin && r.first == c->first;
        circ_dp_s[fam][k] = r.s;
        snprintf(d[0], sizeof d[0], "%.3e", r.s);
        snprintf(d[1], sizeof d[1], "%.0f", r.s / c->s);
    } else if (n == CIRC_DP_N && k > 0 && circ_dp_s[fam][k - 1] > 0) {
        const double x = (double)n / (double)sizes[k - 1];
        const double est = circ_dp_s[fam][k - 1] * x * x;
        snprintf(d[0], sizeof d[0], "~%.1e", est);
        snprintf(d[1], sizeof d[1], "~%.0f", est / c->s);
    }
    const char *ok = same < 0 ? "-" : same ? "yes" : "NO";
    printf("%-11s %-5s %10.3e %10s %8s %4s %8llu %7.2f %7.1f %4.0f %9.1f "
           "%7.1f\n",
           fam_names[fam], n_label(n, lab, sizeof lab), c->s, d[0], d[1], ok,
           (unsigned long long)c->first, (double)c->steps / (double)n,
           c->s * 1e9 / (double)n, c->sys_share * 100,
           (double)c->eng_bytes / (double)n, c->rss_mb);
    fflush(stdout);
    return same != 0;
}

/* The worst seconds over the families at sizes[k] into *fam_out. */
static double circle_worst(size_t k, int *fam_out)
{
    int w = 0;
    for (int fam = 1; fam < FAM_COUNT; fam++)
        if (circ[fam][k].s > circ[w][k].s)
            w = fam;
    *fam_out = w;
    return circ[w][k].s;
}

/* The target on time at n = at (if the table reaches it). */
static void circle_time_target(const uint64_t *sizes, size_t nsizes,
                               uint64_t at, double limit)
{
    char lab[32], last[32];
    n_label(at, lab, sizeof lab);
    for (size_t k = 0; k < nsizes; k++) {
        if (sizes[k] != at)
            continue;
        int w, over = 0;
        const double s = circle_worst(k, &w);
        for (int fam = 0; fam < FAM_COUNT; fam++)
            over += circ[fam][k].s >= limit;
        printf("# target: %s coins under %.0f s for every family: %s (%d of "
               "%d over; worst %.3f s, %s)\n",
               lab, limit, over ? "NOT met" : "met", over, FAM_COUNT, s,
               fam_names[w]);
        return;
    }
    printf("# target: %s coins under %.0f s: not checked (this run stops at "
           "n = %s)\n",
           lab, limit, n_label(sizes[nsizes - 1], last, sizeof last));
}

/* Steps per coin by family: smallest..largest over n, and their ratio. */
static void circle_flat(const uint64_t *sizes, size_t nsizes)
{
    double worst = 0;
    int wf = 0;
    char lab[32];
    printf("# steps per coin by family over n = 1e3..%s (smallest..largest, "
           "largest / smallest):\n",
           n_label(sizes[nsizes - 1], lab, sizeof lab));
    for (int fam = 0; fam < FAM_COUNT; fam++) {
        double lo = 1e300, hi = 0;
        for (size_t k = 0; k < nsizes; k++) {
            const double x = (double)circ[fam][k].steps / (double)sizes[k];
            lo = x < lo ? x : lo;
            hi = x > hi ? x : hi;
        }
        printf("#   %-11s %6.2f..%6.2f  %5.3f\n", fam_names[fam], lo, hi,
               hi / lo);
        if (hi / lo > worst) {
            worst = hi / lo;
            wf = fam;
        }
    }
    printf("# target: steps per coin flat as n grows (largest / smallest <= "
           "%.1f for every family): %s (worst %.3f, %s)\n",
           CIRC_FLAT, worst <= CIRC_FLAT ? "met" : "NOT met", worst,
           fam_names[wf]);
}

/* Peak memory at the largest n. */
static void circle_memory(const uint64_t *sizes, size_t nsizes)
{
    char lab[32];
    const size_t k = nsizes - 1;
    int w = 0;
    for (int fam = 1; fam < FAM_COUNT; fam++)
        if (circ[fam][k].rss_mb > circ[w][k].rss_mb)
            w = fam;
    const double n = (double)sizes[k];
    printf("# memory at n = %s: peak RSS up to %.1f MB (%s), %.0f bytes per "
           "coin; the engine's heap %.0f MB (%.1f bytes per coin)\n",
           n_label(sizes[k], lab, sizeof lab), circ[w][k].rss_mb, fam_names[w],
           circ[w][k].rss_mb * 1e6 / n, (double)circ[w][k].eng_bytes / 1e6,
           (double)circ[w][k].eng_bytes / n);
}

/* [8]: the table, then the targets; returns the number of disagreements
 * between LINEAR and DP. DP runs up to dp_max on every family and at
 * CIRC_DP_N on CIRC_DP_FAM (every family if dp_all). */
static int bench_circle(const char *self, const uint64_t *sizes, size_t nsizes,
                        uint64_t dp_max, int dp_all, int quick)
{
    int bad = 0, cells = 0;
    if (nsizes > CIRC_MAXN)
        die("bench_circle: too many sizes");
    circle_header(dp_max, sizes[nsizes - 1], dp_all);
    for (int fam = 0; fam < FAM_COUNT; fam++) {
        for (size_t k = 0; k < nsizes; k++) {
            const uint64_t n = sizes[k];
            const int dp =
                n <= dp_max && (n < CIRC_DP_N || dp_all || fam == CIRC_DP_FAM);
            cells += dp;
            bad += !circle_row(self, fam, sizes, k, dp, quick ? 1 : RUNS);
        }
    }
    printf("# check: LINEAR and DP agree (margin and first position) in %d "
           "of %d cells%s\n",
           cells - bad, cells, bad ? ": DISAGREEMENT" : "");
    circle_time_target(sizes, nsizes, 100000, CIRC_T5);
    circle_time_target(sizes, nsizes, 1000000, CIRC_T6);
    circle_flat(sizes, nsizes);
    circle_memory(sizes, nsizes);
    return bad;
}

/* ------------------------------------------------------------------------
 * [9] Scoring by what remains (issue 29)
 * ---------------------------------------------------------------------- */

#define REM_TARGET_S 1.0 /* 10^6 coins under 1 s */

/* Per-call seconds of coinline_game_solve(), best of rounds as [2]'s. */
static double time_game(const coinline_rules_t *rules, const int64_t *a,
                        size_t n, coinline_algo_t algo,
                        coinline_game_result_t *res)
{
    double best = 0;
    for (int round = 0; round < RUNS; round++) {
        long reps = 0;
        const double t0 = now_s();
        double el;
        do {
            const int rc = coinline_game_solve(rules, a, n, algo, res);
            if (rc != COINLINE_OK)
                die_lib("coinline_game_solve", rc);
            reps++;
            el = now_s() - t0;
        } while (el < MIN_TOTAL_S);
        const double per = el / (double)reps;
        if (round == 0 || per < best)
            best = per;
        if (per > LONG_CALL_S)
            break;
    }
    return best;
}

static int same_game(const coinline_game_result_t *x,
                     const coinline_game_result_t *y)
{
    return coinline_i128_cmp(x->margin, y->margin) == 0 &&
           coinline_i128_cmp(x->p1, y->p1) == 0 &&
           coinline_i128_cmp(x->p2, y->p2) == 0 && x->first == y->first;
}

/* One row of [9]; returns 0 when LINEAR and DP disagree. */
static int remaining_row(const coinline_rules_t *rules, uint64_t n,
                         uint64_t dp_max)
{
    char lab[32], name[COINLINE_RULES_STRLEN], dp_s[32] = "-", ratio[32] = "-";
    int64_t *a = xmalloc((size_t)n * sizeof *a);
    coinline_game_result_t rl, rd;
    fill_random(a, (size_t)n, 29 + n);
    coinline_rules_name(rules, name, sizeof name);
    const double tl = time_game(rules, a, (size_t)n, COINLINE_ALGO_LINEAR, &rl);
    const double td =
        n <= dp_max ? time_game(rules, a, (size_t)n, COINLINE_ALGO_DP, &rd) : 0;
    const int same = td == 0 || same_game(&rl, &rd);
    if (td > 0) {
        snprintf(dp_s, sizeof dp_s, "%.3e", td);
        snprintf(ratio, sizeof ratio, "%.0f", td / tl);
    }
    printf("%-17s %-5s %12.3e %9.1f %12s %9s %5s %6s\n", name,
           n_label(n, lab, sizeof lab), tl, (double)rl.steps / (double)n, dp_s,
           ratio,
           td == 0 ? "-"
           : same  ? "yes"
                   : "NO",
           n == 1000000 ? (tl < REM_TARGET_S ? "yes" : "NO") : "-");
    free(a);
    return same;
}

/* [9]: every size by LINEAR, DP up to dp_max; returns the number of
 * disagreements. */
static int bench_remaining(const uint64_t *sizes, size_t nsizes,
                           uint64_t dp_max)
{
    static const coinline_rules_t rules[2] = {
        COINLINE_RULES_INIT(COINLINE_SHAPE_LINE, COINLINE_SCORE_REMAINING),
        COINLINE_RULES_INIT(COINLINE_SHAPE_CIRCLE, COINLINE_SCORE_REMAINING)};
    int bad = 0;
    printf("#\n# [9] scoring by what remains (LeetCode 1690): "
           "coinline_game_solve(rules, coins, n, ALGO, &r) on random rows\n"
           "#   (values %d..%d, splitmix64 seed 29+n); LINEAR: the classic "
           "game on ~a (lib/remaining.c),\n"
           "#   the line played by the engine for p1 and p2; DP: the O(n^2) "
           "programme and its line,\n"
           "#   up to %llu coins; per-call seconds, best of %d rounds (a call "
           "over %.0f s once)\n",
           VMIN, VMAX, (unsigned long long)dp_max, RUNS, LONG_CALL_S);
    printf("#   st/coin = LINEAR's r.steps / n; same = margin, p1, p2 and "
           "first equal; target: 1e6 coins under %.0f s\n",
           REM_TARGET_S);
    printf("%-17s %-5s %12s %9s %12s %9s %5s %6s\n", "rules", "n", "linear_s",
           "st/coin", "dp_s", "dp/linear", "same", "target");
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < nsizes; i++)
            bad += !remaining_row(&rules[k], sizes[i], dp_max);
    printf("# check: LINEAR and DP agree%s\n", bad ? ": DISAGREEMENT" : "");
    return bad;
}

/* [9b] The tool: coinline solve --score remaining FILE (the totals, the
 * line played for them), and with --circle, on the 10^6 file of [5c]. */
static void bench_tool_remaining(const char *tool, const char *dir,
                                 uint64_t seed)
{
    char path[4096], lab[32];
    printf("#\n# [9b] coinline solve --score remaining [-c] FILE, output to "
           "/dev/null: best of %d runs;\n#   target: 1e6 coins under %.0f s "
           "(the line alone)\n",
           RUNS, REM_TARGET_S);
    const off_t fsize = make_input(tool, dir, LINE_N, seed, path, sizeof path);
    printf("%-17s %-5s %8s %8s %8s %6s\n", "rules", "n", "file_MB", "solve_s",
           "RSS_MB", "target");
    for (int circle = 0; circle < 2; circle++) {
        char *argv[] = {(char *)tool, "solve", "--score",
                        "remaining",  path,    circle ? "-c" : NULL,
                        NULL};
        const run_t r = run_best(argv, 0);
        if (!r.ok)
            die("coinline solve --score remaining failed");
        printf("%-17s %-5s %8.1f %8.3f %8.1f %6s\n",
               circle ? "circle,remaining" : "line,remaining",
               n_label(LINE_N, lab, sizeof lab), (double)fsize / 1e6, r.wall_s,
               r.maxrss_mb,
               circle                    ? "-"
               : r.wall_s < REM_TARGET_S ? "met"
                                         : "NOT");
    }
}

static int run_remaining_section(const char *tool, const char *dir, int quick)
{
    static const uint64_t full[] = {1000, 10000, 100000, 1000000, 10000000};
    static const uint64_t small[] = {1000, 10000, 100000, 1000000};
    /* The tool first, while this process is small (a child's peak RSS
     * counts the pages it shares with it until execv). */
    bench_tool_remaining(tool, dir, quick ? 1002 : 1001);
    return quick ? bench_remaining(small, 4, 10000)
                 : bench_remaining(full, 5, 10000);
}

/* ------------------------------------------------------------------------
 * [10] several rows ("Termity"): coinline_multirow_solve(), and a whole
 * game played by coinline_multirow_game_*(), 10^6 coins in k rows
 * ---------------------------------------------------------------------- */

/* A whole game of optimal moves on the rows; valued: the state (its value
 * and final margin) read after every move as well, the final margin
 * checked against the solver's margin at each. Returns the seconds. */
static double multirow_game(const int64_t *a, const uint64_t *lens, size_t k,
                            int valued, const coinline_multirow_result_t *res)
{
    coinline_multirow_game_t *g;
    coinline_multirow_state_t st;
    const double t = now_s();
    int same = 1;
    if (coinline_multirow_game_new(a, lens, k, &g) != 0)
        die("coinline_multirow_game_new failed");
    for (coinline_multirow_game_state(g, &st); st.to_move != 0;
         coinline_multirow_game_state(g, &st)) {
        coinline_multirow_game_play(g, st.best_row, st.best_side);
        if (valued) {
            coinline_i128_t v;
            coinline_multirow_game_value(g, &v);
            coinline_multirow_game_state(g, &st);
            same &= st.final_margin.lo == res->margin.lo &&
                    st.final_margin.hi == res->margin.hi;
        }
    }
    const double dt = now_s() - t;
    if (st.p1.lo - st.p2.lo != res->margin.lo || !same)
        die("the game's margin is not the solver's");
    coinline_multirow_game_free(g);
    return dt;
}

/* coinline_multirow_line() on the rows, its totals checked; the seconds. */
static double multirow_line(const int64_t *a, const uint64_t *lens, size_t k,
                            uint64_t n, const coinline_multirow_result_t *res)
{
    uint64_t *rows = xmalloc((size_t)n * sizeof *rows);
    uint64_t *at = xmalloc((k + 1) * sizeof *at); /* each row's ends */
    uint64_t *end = xmalloc((k + 1) * sizeof *end);
    char *sides = xmalloc((size_t)n + 1);
    const double t = now_s();
    if (coinline_multirow_line(a, lens, k, rows, sides) != 0)
        die("coinline_multirow_line failed");
    const double dt = now_s() - t;
    uint64_t from = 0, margin = 0; /* modulo 2^64, as the game's check */
    for (size_t r = 0; r < k; r++) {
        at[r] = from;
        end[r] = from += lens[r];
    }
    for (uint64_t m = 0; m < n; m++) {
        const uint64_t i = sides[m] == 'L' ? at[rows[m]]++ : --end[rows[m]];
        margin += m % 2 == 0 ? (uint64_t)a[i] : -(uint64_t)a[i];
    }
    if (margin != res->margin.lo)
        die("the line's margin is not the solver's");
    free(rows);
    free(sides);
    free(at);
    free(end);
    return dt;
}

static void bench_multirow(uint64_t n)
{
    static const uint64_t ks[] = {1, 1000, 100000};
    int64_t *a = xmalloc((size_t)n * sizeof *a);
    uint64_t *lens = xmalloc(100000 * sizeof *lens);
    printf("#\n# [10] several rows: %llu coins (1..1e9, seed 10) in k equal "
           "rows; solve = coinline_multirow_solve(), best of %d; game = a "
           "whole game of optimal moves on coinline_multirow_game_*() (new "
           "+ n moves); valued_s = the same game with the value and the "
           "final margin read after every move; line_s = "
           "coinline_multirow_line(); best of %d each\n",
           (unsigned long long)n, RUNS, RUNS);
    printf("#   target (issue 32): solve < 1 s, the game < 1 s and the "
           "valued game < 1 s at 10^6 coins in 1000 rows\n");
    printf("%-8s %9s %9s %11s %9s %9s %4s\n", "rows", "solve_s", "game_s",
           "game_us/mv", "valued_s", "line_s", "met");
    for (size_t i = 0; i < sizeof ks / sizeof ks[0]; i++) {
        rng_seed(10);
        for (uint64_t j = 0; j < n; j++)
            a[j] = rng_range(VMIN, VMAX);
        for (uint64_t r = 0; r < ks[i]; r++)
            lens[r] = n / ks[i] + (r < n % ks[i]);
        double best = 1e30, game = 1e30, valued = 1e30, line = 1e30;
        for (int run = 0; run < RUNS; run++) {
            coinline_multirow_result_t res;
            const double t = now_s();
            if (coinline_multirow_solve(a, lens, ks[i], &res) != 0)
                die("coinline_multirow_solve failed");
            const double dt = now_s() - t;
            best = dt < best ? dt : best;
            const double g0 = multirow_game(a, lens, ks[i], 0, &res);
            const double g1 = multirow_game(a, lens, ks[i], 1, &res);
            const double l = multirow_line(a, lens, ks[i], n, &res);
            game = g0 < game ? g0 : game;
            valued = g1 < valued ? g1 : valued;
            line = l < line ? l : line;
        }
        printf("%-8llu %9.3f %9.3f %11.3f %9.3f %9.3f %4s\n",
               (unsigned long long)ks[i], best, game, game / (double)n * 1e6,
               valued, line, best < 1 && game < 1 && valued < 1 ? "yes" : "NO");
    }
    free(a);
    free(lens);
}

/* ------------------------------------------------------------------------
 * main
 * ---------------------------------------------------------------------- */

/* [8] at its sizes: 1e3..1e7, DP up to 1e5; --quick: 1e3..1e5, DP up to
 * 1e4. Returns the number of disagreements. */
static int run_circle_section(const char *self, int quick, int dp_all)
{
    static const uint64_t full[] = {1000, 10000, 100000, 1000000, 10000000};
    static const uint64_t small[] = {1000, 10000, 100000};
    if (quick)
        return bench_circle(self, small, 3, 10000, dp_all, 1);
    return bench_circle(self, full, 5, CIRC_DP_N, dp_all, 0);
}

static void usage(FILE *out)
{
    fprintf(out,
            "usage: %s --tool PATH --dir DIR [--quick] [--floor | --circle "
            "[--dp-all] | --remaining | --multirow]\n"
            "  --tool PATH   the coinline binary (used for gen and solve)\n"
            "  --dir DIR     scratch directory for generated inputs "
            "(created; files reused)\n"
            "  --quick       smaller sizes, for a smoke run (about 20 s)\n"
            "  --floor       only [1f], the reader against the honest floor\n"
            "  --circle      only [8], the circle (about 1 min; with --quick: "
            "1e3..1e5,\n"
            "                about 5 s); exits 1 if LINEAR and DP disagree\n"
            "  --dp-all      [8] without --quick: the O(n^2) DP at 1e5 on "
            "every family,\n"
            "                not one (about 25 s more for each of 6)\n"
            "  --multirow    only [10], several rows (about 15 s)\n"
            "  --remaining   only [9], scoring by what remains (about 30 s; "
            "with --quick,\n"
            "                about 5 s); exits 1 if LINEAR and DP disagree\n"
            "  -h, --help    this help\n"
            "internal: %s --parse-only FILE | --scanf-only FILE\n"
            "          %s --pipe-into FILE PROGRAM ARGS...\n"
            "          %s --game engine|recompute FAMILY OPPONENT N ROUNDS\n"
            "          %s --line linear|dp FAMILY N ROUNDS\n"
            "          %s --circle-run linear|dp FAMILY N ROUNDS\n",
            prog, prog, prog, prog, prog, prog);
}

int main(int argc, char **argv)
{
    const char *tool = NULL, *dir = NULL;
    int quick = 0, floor_only = 0, circle_only = 0, dp_all = 0;
    int remaining_only = 0, multirow_only = 0;

    if (argc == 3 && strcmp(argv[1], "--parse-only") == 0)
        return mode_parse_only(argv[2]);
    if (argc == 3 && strcmp(argv[1], "--scanf-only") == 0)
        return mode_scanf_only(argv[2]);
    if (argc == 3 && strcmp(argv[1], "--floor-only") == 0)
        return mode_floor_only(argv[2]);
    if (argc >= 4 && strcmp(argv[1], "--pipe-into") == 0)
        return mode_pipe_into(argv + 2);
    if (argc == 7 && strcmp(argv[1], "--game") == 0)
        return mode_game(argv + 2);
    if (argc == 6 && strcmp(argv[1], "--line") == 0)
        return mode_line(argv + 2);
    if (argc == 6 && strcmp(argv[1], "--circle-run") == 0)
        return mode_circle(argv + 2);

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--tool") == 0 && i + 1 < argc) {
            tool = argv[++i];
        } else if (strcmp(argv[i], "--dir") == 0 && i + 1 < argc) {
            dir = argv[++i];
        } else if (strcmp(argv[i], "--quick") == 0) {
            quick = 1;
        } else if (strcmp(argv[i], "--floor") == 0) {
            floor_only = 1;
        } else if (strcmp(argv[i], "--circle") == 0) {
            circle_only = 1;
        } else if (strcmp(argv[i], "--dp-all") == 0) {
            dp_all = 1;
        } else if (strcmp(argv[i], "--multirow") == 0) {
            multirow_only = 1;
        } else if (strcmp(argv[i], "--remaining") == 0) {
            remaining_only = 1;
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
    if (floor_only) {
        bench_floor(self, tool, dir, quick);
        return 0;
    }
    if (circle_only) {
        const int bad = run_circle_section(self, quick, dp_all);
        printf("#\n# total bench time %.1f s\n", now_s() - t0);
        return bad ? 1 : 0;
    }
    if (multirow_only) {
        bench_multirow(quick ? 100000 : 1000000);
        printf("#\n# total bench time %.1f s\n", now_s() - t0);
        return 0;
    }
    if (remaining_only) {
        const int bad = run_remaining_section(tool, dir, quick);
        printf("#\n# total bench time %.1f s\n", now_s() - t0);
        return bad ? 1 : 0;
    }
    bench_files(self, tool, dir, quick ? files_quick : files_full, 3);
    bench_floor(self, tool, dir, quick);
    if (quick)
        bench_dp(dp_quick, 2);
    else
        bench_dp(dp_full, 3);
    bench_families(quick ? fam_quick : fam_full, 2);
    bench_stream(quick ? 1000000 : 10000000);
    static const uint64_t eng_full[] = {1000, 10000, 100000, 1000000};
    static const uint64_t eng_quick[] = {1000, 10000, 100000};
    const uint64_t *eng_sizes = quick ? eng_quick : eng_full;
    const size_t eng_n = quick ? 3 : 4;
    bench_engine(self, eng_sizes, eng_n);
    bench_recompute(self, eng_sizes, quick ? 1 : RUNS, quick ? 0 : RECOMP_MAX);
    bench_lines(self, eng_sizes, eng_n, 10000);
    /* The 10^6 file of [1]. */
    bench_tool_line(tool, dir, quick ? 1002 : 1001);
    const int bad = run_circle_section(self, quick, dp_all) +
                    run_remaining_section(tool, dir, quick);
    bench_multirow(quick ? 100000 : 1000000);
    printf("#\n# total bench time %.1f s\n", now_s() - t0);
    return bad ? 1 : 0;
}
