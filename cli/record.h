/* record.h - writing game records (docs/record.md). */
#ifndef COINLINE_CLI_RECORD_H
#define COINLINE_CLI_RECORD_H

#include <stdint.h>
#include <stdio.h>

#include "coinline.h"

/* One game of a record file. */
typedef struct {
    uint64_t number;      /* the game's number, from 1 */
    const char *name[2];  /* the players of seat 1 and 2, or NULL */
    const int64_t *coins; /* the row */
    size_t n;
    const char *moves; /* 'L'/'R' per move played */
    size_t nmoves;
    coinline_i128_t total[2]; /* the totals after those moves */
    int forfeit_seat;         /* 1 or 2 when a player forfeited, else 0 */
    const char *verdict;      /* why, when forfeit_seat != 0 */
} cli_record_t;

/* Writes the first line of a record file and a comment naming the
 * command that wrote it. */
void cli_record_header(FILE *fp, const char *command);

/* Writes one game. The caller checks ferror(fp). */
void cli_record_write(FILE *fp, const cli_record_t *g);

#endif
