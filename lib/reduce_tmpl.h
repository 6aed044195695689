/* SPDX-License-Identifier: MIT */
/*
 * reduce_tmpl.h - the reduction and the greedy walk, written once for
 * both value types. Not a normal header: reduce.h includes it twice,
 * with CL_T (the value type) and CL_NAME(x) (a name mangler) defined.
 */
#if !defined(CL_T) || !defined(CL_NAME)
#error "reduce_tmpl.h is a template: include reduce.h instead"
#endif

/* Merges at the top of s[0..len-1] (reduced below its top value) while
 * the top three values x, y, z satisfy x <= y >= z: they become x - y + z.
 * Returns the new length. Each merge removes two values. */
static inline size_t CL_NAME(settle)(CL_T *s, size_t len)
{
    while (len >= 3 && s[len - 3] <= s[len - 2] && s[len - 2] >= s[len - 1]) {
        s[len - 3] = s[len - 3] - s[len - 2] + s[len - 1];
        len -= 2;
    }
    return len;
}

/* Appends v to the reduced stack s[0..len-1] and settles it. Returns the
 * new length. Amortised O(1). */
static inline size_t CL_NAME(push)(CL_T *s, size_t len, CL_T v)
{
    s[len++] = v;
    return CL_NAME(settle)(s, len);
}

/* Reduces a[0..n-1] into s (room for n values). Returns the block count. */
static inline size_t CL_NAME(reduce)(const int64_t *a, size_t n, CL_T *s)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len = CL_NAME(push)(s, len, (CL_T)a[i]);
    return len;
}

/* The value of a fully reduced row given as x[0..nx-1] followed by
 * y[0..ny-1] (a valley): both players take the larger end block each
 * turn, so the value is the alternating sum of the blocks in the order
 * this walk meets them. O(nx + ny). */
static inline cl_wide CL_NAME(walk2)(const CL_T *x, size_t nx, const CL_T *y,
                                     size_t ny)
{
    size_t lo = 0, hi = nx + ny;
    cl_wide v = 0;
    int mover = 1;

    while (lo < hi) {
        const CL_T l = lo < nx ? x[lo] : y[lo - nx];
        const CL_T r = hi - 1 < nx ? x[hi - 1] : y[hi - 1 - nx];
        const CL_T take = l >= r ? l : r;
        if (l >= r)
            lo++;
        else
            hi--;
        v += mover ? (cl_wide)take : -(cl_wide)take;
        mover = !mover;
    }
    return v;
}

/* The value of a fully reduced row s[0..len-1]. */
static inline cl_wide CL_NAME(walk)(const CL_T *s, size_t len)
{
    return CL_NAME(walk2)(s, len, s, 0);
}

/* The block rule's first move on a reduced row of len >= 1 blocks. */
static inline coinline_side_t CL_NAME(side)(const CL_T *s, size_t len)
{
    return s[0] >= s[len - 1] ? COINLINE_SIDE_LEFT : COINLINE_SIDE_RIGHT;
}

/* The stream's two reductions at once: all[0..*alen-1] reduces every coin
 * so far, and the row without the first coin reduces to own[0..*olen-1]
 * followed by all[*shared..*alen-1]. Pushes v on both: while the top three
 * values lie in the shared part, one merge serves both; when a merge would
 * reach below it, the shared values (at most two) move to own and each
 * stack settles apart, after which a common top (up to 8 values) is shared
 * again. Needs room for one more value in all and two in own. Always
 * inlined: a call takes the addresses of the caller's lengths, which then
 * live in memory (one core, 10^7 coins: 0.16 s a call, 0.11 s inlined). */
#ifndef CL_JUDGE /* the judge's single header has no stream */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
#endif
COINLINE_MAYBE_UNUSED static inline void CL_NAME(push_pair)(
    CL_T *all, size_t *alen, CL_T *own, size_t *olen, size_t *shared, CL_T v)
{
    size_t la = *alen, lo = *olen, k = 0;
    all[la++] = v;
    while (la - *shared >= 3) {
        if (!(all[la - 3] <= all[la - 2] && all[la - 2] >= all[la - 1])) {
            *alen = la;
            return;
        }
        all[la - 3] = all[la - 3] - all[la - 2] + all[la - 1];
        la -= 2;
    }
    for (size_t i = *shared; i < la; i++)
        own[lo++] = all[i];
    lo = CL_NAME(settle)(own, lo);
    la = CL_NAME(settle)(all, la);
    while (k < 8 && k < la && k < lo && all[la - 1 - k] == own[lo - 1 - k])
        k++;
    *alen = la;
    *olen = lo - k;
    *shared = la - k;
}
