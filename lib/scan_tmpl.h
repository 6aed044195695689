/* SPDX-License-Identifier: MIT */
/*
 * scan_tmpl.h - the block tokenizer's loop, written once for every level
 * (lib/scan.c includes it once per level, with SCAN_NAME the function to
 * define, SCAN_TARGET its target attribute and SCAN_MASKS the level's
 * function making a block's masks), and the newline count (SCAN_LINES, by
 * the level's SCAN_NEWLINES).
 *
 * A block is 64 bytes from b; its masks say which bytes are digits, '-'
 * and white space. A token starts at a byte that is not white space after
 * one that is (or after the previous block's last byte: carry). The block
 * is read in two halves, each with the 64 bytes from its start in one
 * word (the second half's from this block's masks and the next one's), so
 * a token of up to 20 bytes starting in it is seen whole: its digit count
 * is the run of digit bits after its start, its end must be a white-space
 * bit, and its value comes from its bytes. No token waits for the one
 * before it. The next block's starts leave out a token that crossed into
 * it (carry).
 */
SCAN_TARGET static size_t SCAN_NAME(const char **pp, const char *stop,
                                    int64_t *out, size_t max,
                                    const char **lastp)
{
    const char *b = *pp, *last = NULL, *at = NULL;
    size_t k = 0;
    uint64_t carry = 0;
    scan_masks_t m0, m1;
    if (b >= stop || max == 0)
        return 0;
    m0 = SCAN_MASKS(b);
    for (; b < stop; b += 64, m0 = m1) {
        m1 = SCAN_MASKS(b + 64);
        const uint64_t t = ~m0.w, s = t & ~(t << 1 | carry);
        carry = t >> 63;
        if (scan_half(b, s & 0xFFFFFFFF, m0.d, m0.m, m0.w, out, &k, max, &last,
                      &at) ||
            scan_half(b + 32, s >> 32, m0.d >> 32 | m1.d << 32,
                      m0.m >> 32 | m1.m << 32, m0.w >> 32 | m1.w << 32, out, &k,
                      max, &last, &at))
            break;
    }
    *pp = at != NULL ? at : scan_end(last, b);
    if (last != NULL)
        *lastp = last;
    return k;
}

/* cl_scan_lines() at this level: each block's newlines counted (popcnt),
 * then the last one found from the end, a block at a time. */
SCAN_TARGET static size_t SCAN_LINES(const char *p, size_t n, size_t *after)
{
    size_t count = 0, i = 0, j = n;
    for (; i + 64 <= n; i += 64)
        count += (size_t)__builtin_popcountll(SCAN_NEWLINES(p + i));
    if (i < n && n >= 64) /* the rest: the end of the last 64 bytes */
        count += (size_t)__builtin_popcountll(SCAN_NEWLINES(p + n - 64) >>
                                              (64 - (n - i)));
    else if (i < n)
        count += scan_few_lines(p, n);
    *after = 0;
    if (count == 0)
        return 0;
    while (j > i && p[j - 1] != '\n')
        j--;
    if (j > i) {
        *after = j;
        return count;
    }
    for (uint64_t m; j >= 64; j -= 64)
        if ((m = SCAN_NEWLINES(p + j - 64)) != 0) {
            *after = j - (size_t)__builtin_clzll(m);
            break;
        }
    return count;
}
