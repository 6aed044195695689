/* SPDX-License-Identifier: MIT */
/* opt.c - option values: integers in a range, seeds. */
#include <errno.h>
#include <stdlib.h>

#include "opt.h"
#include "usage.h"

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
