/* util.c - messages, numbers and output checks shared by the commands. */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "wide.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    fflush(stdout); /* answers already computed go out first */
    fputs("coinline: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* The first line of a command's help is its usage line. */
static void print_usage_line(FILE *fp, const cli_command_t *c)
{
    const char *nl = strchr(c->help, '\n');
    const int len = nl != NULL ? (int)(nl - c->help) : (int)strlen(c->help);
    fprintf(fp, "%.*s\n", len, c->help);
}

int cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    const cli_command_t *c = cli_find_command(cmd);
    fflush(stdout);
    fprintf(stderr, "coinline %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (c != NULL)
        print_usage_line(stderr, c);
    fprintf(stderr, "Try 'coinline %s --help'.\n", cmd);
    return CLI_USAGE;
}

int cli_bad_option(const char *cmd, int c, char **argv)
{
    /* After a short option, optopt holds it (argv[optind - 1] may be a
     * bundle such as -xb); after a long one, argv[optind - 1] is it. */
    const char *arg = argv[optind - 1];
    const int is_long = strncmp(arg, "--", 2) == 0;
    const int len = (int)strcspn(arg, "=");
    if (c == ':' && !is_long)
        return cli_usage_error(cmd, "option '-%c' needs a value", optopt);
    if (c == ':')
        return cli_usage_error(cmd, "option '%s' needs a value", arg);
    if (!is_long)
        return cli_usage_error(cmd, "unknown option '-%c'", optopt);
    if (optopt != 0 && arg[len] == '=')
        return cli_usage_error(cmd, "option '%.*s' takes no value", len, arg);
    return cli_usage_error(cmd, "unknown option '%.*s'", len, arg);
}

int cli_print_help(const char *cmd)
{
    const cli_command_t *c = cli_find_command(cmd);
    if (c == NULL)
        return CLI_FAIL;
    fputs(c->help, stdout);
    return CLI_OK;
}

int cli_print_version(void)
{
    printf("coinline %s\n", coinline_version_string());
    return CLI_OK;
}

int cli_parse_i64(const char *s, int64_t *out)
{
    char *end;
    errno = 0;
    const long long v = strtoll(s, &end, 10);
    if (*s == '\0' || *end != '\0' || errno != 0 || end == s ||
        !(*s == '-' || *s == '+' || (*s >= '0' && *s <= '9')))
        return -1;
    *out = (int64_t)v;
    return 0;
}

int cli_finish_output(int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        const int e = errno;
        fprintf(stderr, "coinline: cannot write the output: %s\n",
                e != 0 ? strerror(e) : "write error");
        return CLI_FAIL;
    }
    return status;
}

void cli_put_i128(FILE *fp, coinline_i128_t v)
{
    char buf[COINLINE_I128_STRLEN];
    coinline_i128_to_string(v, buf, sizeof buf);
    fputs(buf, fp);
}

uint64_t cli_random(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

uint64_t cli_uniform(uint64_t *state, uint64_t span)
{
    if (span == UINT64_MAX)
        return cli_random(state);
    const uint64_t range = span + 1;
    cl_uwide m = (cl_uwide)cli_random(state) * range;
    if ((uint64_t)m < range) {
        const uint64_t floor = (0 - range) % range;
        while ((uint64_t)m < floor)
            m = (cl_uwide)cli_random(state) * range;
    }
    return (uint64_t)(m >> 64);
}

void cli_report_reader_error(const coinline_reader_t *r, int rc)
{
    coinline_where_t w;
    if (coinline_reader_where(r, &w) == COINLINE_OK && w.line == 0)
        cli_error("%s: %s", w.name, w.message);
    else if (coinline_reader_where(r, &w) == COINLINE_OK)
        cli_error("%s:%llu:%llu: %s", w.name, (unsigned long long)w.line,
                  (unsigned long long)w.column, w.message);
    else
        cli_error("%s", coinline_strerror(rc));
}

int cli_parse_seed(const char *cmd, const char *arg, uint64_t *seed)
{
    int64_t v;
    char *end;
    if (cli_parse_i64(arg, &v) == 0) {
        *seed = (uint64_t)v;
        return -1;
    }
    errno = 0;
    const unsigned long long u = strtoull(arg, &end, 10);
    if (*arg >= '0' && *arg <= '9' && *end == '\0' && errno == 0) {
        *seed = (uint64_t)u;
        return -1;
    }
    return cli_usage_error(cmd,
                           "--seed needs an integer from %lld to "
                           "18446744073709551615, not '%s'",
                           (long long)INT64_MIN, arg);
}

int cli_parse_number(const char *cmd, const char *opt, const char *arg,
                     int64_t lo, int64_t hi, int64_t *v)
{
    if (cli_parse_i64(arg, v) != 0 || *v < lo || *v > hi)
        return cli_usage_error(cmd,
                               "%s needs an integer from %lld to %lld, "
                               "not '%s'",
                               opt, (long long)lo, (long long)hi, arg);
    return -1;
}

void cli_put_json_string(FILE *fp, const char *text)
{
    fputc('"', fp);
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(fp, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(fp, "\\u%04x", *c);
        else
            fputc(*c, fp);
    }
    fputc('"', fp);
}

void cli_put_json_int(FILE *fp, coinline_i128_t v, int safe)
{
    const cl_wide w = cl_to_wide(v);
    const int big = w > CLI_JSON_SAFE_MAX || w < -CLI_JSON_SAFE_MAX;
    if (safe && big)
        fputc('"', fp);
    cli_put_i128(fp, v);
    if (safe && big)
        fputc('"', fp);
}

/* The first game of path ('-': standard input) into *a, *n. */
static int first_game(const char *path, int64_t **a, size_t *n)
{
    const int is_stdin = strcmp(path, "-") == 0;
    FILE *fp = is_stdin ? stdin : fopen(path, "r");
    coinline_reader_t *r = NULL;
    int st = CLI_FAIL;
    if (fp == NULL) {
        cli_error("%s: cannot open: %s", path, strerror(errno));
        return CLI_FAIL;
    }
    int rc = coinline_reader_from_file(fp, is_stdin ? "<stdin>" : path, &r);
    if (rc == COINLINE_OK)
        rc = coinline_reader_read_game(r, a, n);
    if (rc == 1)
        st = CLI_OK;
    else if (rc == 0)
        cli_error("%s: no game in the file", is_stdin ? "<stdin>" : path);
    else if (r != NULL)
        cli_report_reader_error(r, rc);
    else
        cli_error("%s: %s", path, coinline_strerror(rc));
    coinline_reader_free(r);
    if (!is_stdin)
        fclose(fp);
    return st;
}

int cli_one_row(const char *row_text, const char *path, int64_t **a, size_t *n)
{
    size_t off = 0;
    *a = NULL;
    *n = 0;
    if (row_text == NULL)
        return first_game(path != NULL ? path : "-", a, n);
    const int rc = coinline_parse_row(row_text, a, n, &off);
    if (rc == COINLINE_OK)
        return CLI_OK;
    cli_report_row_error("--row", row_text, off, rc);
    return CLI_FAIL;
}

void cli_report_row_error(const char *where, const char *text, size_t off,
                          int rc)
{
    const char *tok = text + off;
    size_t len = strcspn(tok, " \t\n\r\v\f,");
    char found[4 * 40 + 8], *q = found;
    if (rc != COINLINE_ESYNTAX && rc != COINLINE_ERANGE) {
        cli_error("%s: %s", where, coinline_strerror(rc));
        return;
    }
    if (len == 0 && *tok != '\0')
        len = 1; /* a stray comma */
    for (size_t i = 0; i < len && i < 40; i++) {
        const unsigned char c = (unsigned char)tok[i];
        if (c >= 0x20 && c < 0x7f)
            *q++ = (char)c;
        else
            q += sprintf(q, "\\x%02x", c);
    }
    strcpy(q, len > 40 ? "..." : "");
    if (rc == COINLINE_ERANGE)
        cli_error("%s:1:%zu: value out of the 64-bit range: '%s'", where,
                  off + 1, found);
    else if (*tok == '\0')
        cli_error("%s:1:%zu: expected an integer after ',', found the end of "
                  "the row",
                  where, off + 1);
    else
        cli_error("%s:1:%zu: expected an integer, found '%s' (coins are "
                  "integers separated by spaces or commas)",
                  where, off + 1, found);
}

const char *cli_wide_str(cl_wide v, char *buf)
{
    coinline_i128_to_string(cl_from_wide(v), buf, COINLINE_I128_STRLEN);
    return buf;
}
