/* SPDX-License-Identifier: MIT */
/* circle.c - a game on a circle as the tool's commands show it. */
#include "circle.h"

int cli_circle_play(const int64_t *coins, size_t n, coinline_algo_t algo,
                    coinline_circle_result_t *res, int64_t *line, char *moves)
{
    if (moves == NULL || (line == NULL && n > 1))
        return COINLINE_EINVAL;
    int rc = coinline_circle_solve(coins, n, algo, res);
    moves[0] = '\0';
    if (rc != COINLINE_OK || n <= 1)
        return rc;
    rc = coinline_circle_rotate(coins, n, res->first, line);
    if (rc == COINLINE_OK)
        rc = coinline_line(line, n - 1, algo, moves);
    return rc;
}
