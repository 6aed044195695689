/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"

enum { TALLY_SHOWN = 5 };

static int planned = -1;
static int run;
static int failed;

void tap_plan(int n)
{
    planned = n;
    printf("1..%d\n", n);
    fflush(stdout);
}

static int report(const char *file, int line, int cond, const char *fmt,
                  va_list ap) COINLINE_PRINTF(4, 0);

static int report(const char *file, int line, int cond, const char *fmt,
                  va_list ap)
{
    run++;
    printf("%s %d - ", cond ? "ok" : "not ok", run);
    vprintf(fmt, ap);
    printf("\n");
    if (!cond) {
        failed++;
        printf("#   Failed test at %s line %d.\n", file, line);
    }
    fflush(stdout);
    return cond;
}

int tap_ok_at(const char *file, int line, int cond, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cond = report(file, line, cond, fmt, ap);
    va_end(ap);
    return cond;
}

int tap_is_int_at(const char *file, int line, long long got, long long want,
                  const char *fmt, ...)
{
    va_list ap;
    int cond = got == want;
    va_start(ap, fmt);
    report(file, line, cond, fmt, ap);
    va_end(ap);
    if (!cond) {
        printf("#          got: %lld\n#     expected: %lld\n", got, want);
    }
    return cond;
}

int tap_is_i128_at(const char *file, int line, i128 got, i128 want,
                   const char *fmt, ...)
{
    va_list ap;
    int cond = got == want;
    char gb[I128_BUFLEN];
    char wb[I128_BUFLEN];
    va_start(ap, fmt);
    report(file, line, cond, fmt, ap);
    va_end(ap);
    if (!cond) {
        printf("#          got: %s\n#     expected: %s\n", i128_str(got, gb),
               i128_str(want, wb));
    }
    return cond;
}

int tap_is_str_at(const char *file, int line, const char *got, const char *want,
                  const char *fmt, ...)
{
    va_list ap;
    int cond;
    if (got == NULL || want == NULL) {
        cond = got == want;
    } else {
        cond = strcmp(got, want) == 0;
    }
    va_start(ap, fmt);
    report(file, line, cond, fmt, ap);
    va_end(ap);
    if (!cond) {
        printf("#          got: %s%s%s\n", got ? "\"" : "", got ? got : "NULL",
               got ? "\"" : "");
        printf("#     expected: %s%s%s\n", want ? "\"" : "",
               want ? want : "NULL", want ? "\"" : "");
    }
    return cond;
}

void tap_diag(const char *fmt, ...)
{
    va_list ap;
    printf("# ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
}

int tap_done(void)
{
    if (planned < 0) {
        printf("1..%d\n", run);
    } else if (planned != run) {
        printf("# planned %d tests but ran %d\n", planned, run);
        return 1;
    }
    if (failed > 0) {
        printf("# failed %d of %d tests\n", failed, run);
    }
    fflush(stdout);
    return failed > 0 || run == 0 ? 1 : 0;
}

int tally_check(tally_t *t, int cond)
{
    t->checks++;
    if (!cond) {
        t->failures++;
    }
    return cond;
}

void tally_note(const tally_t *t, const char *fmt, ...)
{
    va_list ap;
    if (t->failures > TALLY_SHOWN) {
        return;
    }
    printf("# ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

int tally_passed(const tally_t *t)
{
    if (t->failures > 0) {
        printf("# %ld of %ld checks failed\n", t->failures, t->checks);
    }
    return t->checks > 0 && t->failures == 0;
}
