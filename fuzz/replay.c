/* SPDX-License-Identifier: MIT */
/*
 * replay - run a fuzz target over files without libFuzzer.
 *
 *   replay_NAME PATH...
 *
 * Each PATH is a file, given to LLVMFuzzerTestOneInput() as it is, or a
 * directory, whose regular files are given in name order (not recursing).
 * The input is copied into a buffer of exactly its size, so that the
 * sanitizers and valgrind see any read past its end. A failing check in the
 * target aborts, which is the failure; otherwise prints the number of
 * inputs run and exits 0. Exits 2 when a path cannot be read or no input
 * was found.
 */
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int verbose;

static int run_file(const char *path, size_t *count)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    if (!buf) {
        fclose(fp);
        fprintf(stderr, "replay: out of memory\n");
        return -1;
    }
    for (;;) {
        if (len == cap) {
            unsigned char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(fp);
                fprintf(stderr, "replay: out of memory\n");
                return -1;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len, fp);
        len += got;
        if (got == 0)
            break;
    }
    int bad = ferror(fp);
    fclose(fp);
    if (bad) {
        free(buf);
        fprintf(stderr, "replay: %s: read error\n", path);
        return -1;
    }
    /* An exact-size copy: one byte past the input is out of bounds. */
    unsigned char *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        fprintf(stderr, "replay: out of memory\n");
        return -1;
    }
    if (len)
        memcpy(exact, buf, len);
    free(buf);
    if (verbose)
        fprintf(stderr, "replay: %s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    (*count)++;
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int run_dir(const char *path, size_t *count)
{
    DIR *d = opendir(path);
    if (!d) {
        fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            size_t ncap = cap ? cap * 2 : 64;
            char **nn = realloc(names, ncap * sizeof *nn);
            if (!nn) {
                rc = -1;
                break;
            }
            names = nn;
            cap = ncap;
        }
        size_t plen = strlen(path), elen = strlen(e->d_name);
        char *full = malloc(plen + elen + 2);
        if (!full) {
            rc = -1;
            break;
        }
        memcpy(full, path, plen);
        full[plen] = '/';
        memcpy(full + plen + 1, e->d_name, elen + 1);
        names[n++] = full;
    }
    closedir(d);
    if (rc != 0)
        fprintf(stderr, "replay: out of memory\n");
    if (n > 1)
        qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (rc == 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode))
            rc = run_file(names[i], count);
        free(names[i]);
    }
    free(names);
    return rc;
}

int main(int argc, char **argv)
{
    size_t count = 0;
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "-v") == 0) {
        verbose = 1;
        first = 2;
    }
    if (first >= argc) {
        fprintf(stderr, "usage: %s [-v] FILE|DIR...\n", argv[0]);
        return 2;
    }
    for (int i = first; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
            return 2;
        }
        int rc = S_ISDIR(st.st_mode) ? run_dir(argv[i], &count)
                                     : run_file(argv[i], &count);
        if (rc != 0)
            return 2;
    }
    if (count == 0) {
        fprintf(stderr, "replay: no input found\n");
        return 2;
    }
    printf("replay: %zu inputs ok\n", count);
    return 0;
}
