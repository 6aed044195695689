/* record.c - writing game records in the format of docs/record.md. */
#include <string.h>

#include "decimal.h"
#include "record.h"

void cli_record_header(FILE *fp, const char *command)
{
    fprintf(fp, "coinline-record 1\n# coinline %s %s\n",
            coinline_version_string(), command);
}

/* A name on one line: line breaks would start a new key. */
static void put_name(FILE *fp, int seat, const char *name)
{
    if (name == NULL)
        return;
    fprintf(fp, "p%d ", seat);
    for (const char *c = name; *c != '\0'; c++)
        fputc(*c == '\n' || *c == '\r' ? ' ' : *c, fp);
    fputc('\n', fp);
}

void cli_record_write(FILE *fp, const cli_record_t *g)
{
    fprintf(fp, "game %llu\n", (unsigned long long)g->number);
    put_name(fp, 1, g->name[0]);
    put_name(fp, 2, g->name[1]);
    fputs("row", fp);
    for (size_t i = 0; i < g->n; i++)
        fprintf(fp, " %lld", (long long)g->coins[i]);
    fputs(g->nmoves > 0 ? "\nmoves " : "\nmoves", fp);
    fwrite(g->moves, 1, g->nmoves, fp);
    fputs("\ntotals ", fp);
    cli_put_i128(fp, g->total[0]);
    fputc(' ', fp);
    cli_put_i128(fp, g->total[1]);
    fputc('\n', fp);
    if (g->forfeit_seat != 0)
        fprintf(fp, "forfeit %d %s\n", g->forfeit_seat, g->verdict);
}
