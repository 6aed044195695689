/* SPDX-License-Identifier: MIT */
/* errors.c - the names of codes, versions, solvers, sides and winners. */
#include <string.h>

#include "coinline.h"

const char *coinline_strerror(int code)
{
    switch (code) {
    case COINLINE_OK: return "success";
    case COINLINE_EINVAL: return "invalid argument";
    case COINLINE_ENOMEM: return "out of memory";
    case COINLINE_ETOOBIG: return "row too long for this solver";
    case COINLINE_ESYNTAX: return "not an integer";
    case COINLINE_ERANGE: return "value out of the 64-bit range";
    case COINLINE_ECOUNT: return "bad coin count";
    case COINLINE_ETRUNC: return "input ended inside a game";
    case COINLINE_EIO: return "read error";
    case COINLINE_EMOVE: return "illegal move";
    case COINLINE_ERECORD: return "malformed game record";
    default: return "unknown error";
    }
}

const char *coinline_err_name(int code)
{
    static const char *const names[] = {
        "COINLINE_OK",      "COINLINE_EINVAL",  "COINLINE_ENOMEM",
        "COINLINE_ETOOBIG", "COINLINE_ESYNTAX", "COINLINE_ERANGE",
        "COINLINE_ECOUNT",  "COINLINE_ETRUNC",  "COINLINE_EIO",
        "COINLINE_EMOVE",   "COINLINE_ERECORD"};
    const int count = (int)(sizeof names / sizeof names[0]);
    return code <= 0 && code > -count ? names[-code] : NULL;
}

const char *coinline_version_string(void)
{
    return COINLINE_VERSION_STRING;
}

unsigned coinline_version_number(void)
{
    return COINLINE_VERSION_NUMBER;
}

const char *coinline_side_name(coinline_side_t side)
{
    static const char *const names[] = {"none", "left", "right"};
    const unsigned k = (unsigned)side;
    return k < sizeof names / sizeof names[0] ? names[k] : NULL;
}

const char *coinline_winner_name(coinline_winner_t winner)
{
    static const char *const names[] = {"draw", "first", "second"};
    const unsigned k = (unsigned)winner;
    return k < sizeof names / sizeof names[0] ? names[k] : NULL;
}

static const char *const algo_names[] = {"linear", "dp", "brute"};

const char *coinline_algo_name(coinline_algo_t algo)
{
    const unsigned k = (unsigned)algo;
    return k < sizeof algo_names / sizeof algo_names[0] ? algo_names[k] : NULL;
}

int coinline_algo_parse(const char *name, coinline_algo_t *algo)
{
    if (name == NULL || algo == NULL)
        return COINLINE_EINVAL;
    for (unsigned k = 0; k < sizeof algo_names / sizeof algo_names[0]; k++) {
        if (strcmp(name, algo_names[k]) == 0) {
            *algo = (coinline_algo_t)k;
            return COINLINE_OK;
        }
    }
    return COINLINE_EINVAL;
}
