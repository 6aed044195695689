/*
 * reduce.h - the reduction and the greedy walk, written once for both
 * value types. Not a normal header: linear.c includes it twice, with
 * CL_T (the value type) and CL_NAME(x) (a name mangler) defined.
 */

/* Appends v to the reduced stack s[0..len-1] and merges while the top
 * three values x, y, z satisfy x <= y >= z (they become x - y + z).
 * Returns the new length. Amortised O(1): each merge removes two values. */
static inline size_t CL_NAME(push)(CL_T *s, size_t len, CL_T v)
{
    s[len++] = v;
    while (len >= 3 && s[len - 3] <= s[len - 2] && s[len - 2] >= s[len - 1]) {
        s[len - 3] = s[len - 3] - s[len - 2] + s[len - 1];
        len -= 2;
    }
    return len;
}

/* Reduces a[0..n-1] into s (room for n values). Returns the block count. */
static size_t CL_NAME(reduce)(const int64_t *a, size_t n, CL_T *s)
{
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len = CL_NAME(push)(s, len, (CL_T)a[i]);
    return len;
}

/* The value of a fully reduced row (a valley): both players take the
 * larger end block each turn, so the value is the alternating sum of the
 * blocks in the order the walk meets them. O(len). */
static cl_wide CL_NAME(walk)(const CL_T *s, size_t len)
{
    size_t lo = 0, hi = len;
    cl_wide v = 0;
    int mover = 1;

    while (lo < hi) {
        const CL_T take = s[lo] >= s[hi - 1] ? s[lo++] : s[--hi];
        v += mover ? (cl_wide)take : -(cl_wide)take;
        mover = !mover;
    }
    return v;
}

/* The tie-left optimal first move of a reduced row of len >= 1 blocks. */
static coinline_side_t CL_NAME(side)(const CL_T *s, size_t len)
{
    return s[0] >= s[len - 1] ? COINLINE_LEFT : COINLINE_RIGHT;
}
