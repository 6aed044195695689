/* SPDX-License-Identifier: MIT */
/*
 * scan.c - the block tokenizer for plain coins, at the level the processor
 * runs best, chosen at run time.
 *
 * reader.c reads the common token (an optional '-', 1 to 19 digits, white
 * space after) itself, eight digits at a time; read so, each token waits
 * for the end of the one before it. Here a block of 64 bytes is classified
 * at once (digits, '-', white space: three masks from SSE2, AVX2 or
 * AVX-512BW compares), the tokens' starts and lengths come from the masks
 * by bit tricks, and each token's value is made on its own (SWAR, eight
 * digits per multiplication chain), so the tokens of a block are read side
 * by side (scan_tmpl.h). Anything else (a '+', a '#', a bad byte, 20 or more
 * digits, a value out of range) stops the block for reader.c's general
 * path, which reads it as ever: errors keep their place and message.
 *
 * The level is chosen once per reader (cl_scan_pick()): the best the
 * processor has (__builtin_cpu_supports), or the one COINLINE_SIMD names
 * (scalar, swar, sse, avx2, avx512) when the processor has it, for the
 * tests and the bench. The SIMD code is built for x86-64 with per-function
 * target attributes, so one build runs on every x86-64 processor; elsewhere
 * only the scalar and SWAR levels exist.
 */
#include <stdlib.h>
#include <string.h>

#include "scan.h"

#if defined(__x86_64__) && defined(__GNUC__) && defined(__BYTE_ORDER__) &&     \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define SCAN_X86 1
#else
#define SCAN_X86 0
#endif

static const char *const scan_names[CL_SCAN_LEVELS] = {"scalar", "swar", "sse",
                                                       "avx2", "avx512"};

const char *cl_scan_name(int level)
{
    return level >= 0 && level < CL_SCAN_LEVELS ? scan_names[level] : "?";
}

int cl_scan_supported(int level)
{
    if (level == CL_SCAN_SCALAR || level == CL_SCAN_SWAR)
        return 1;
#if SCAN_X86
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt"))
        return 0;
    if (level == CL_SCAN_SSE)
        return __builtin_cpu_supports("ssse3") != 0;
    /* The two AVX levels use BMI2's shifts too (every processor with
     * AVX2 has them, but one can say otherwise). */
    if (!__builtin_cpu_supports("bmi") || !__builtin_cpu_supports("bmi2"))
        return 0;
    if (level == CL_SCAN_AVX2)
        return __builtin_cpu_supports("avx2") != 0;
    if (level == CL_SCAN_AVX512)
        return __builtin_cpu_supports("avx512bw") != 0;
#endif
    return 0;
}

int cl_scan_pick(void)
{
    const char *want = getenv("COINLINE_SIMD");
    int level = CL_SCAN_LEVELS - 1;
    for (int i = 0; want != NULL && i < CL_SCAN_LEVELS; i++)
        if (strcmp(want, scan_names[i]) == 0)
            level = i;
    while (level > CL_SCAN_SWAR && !cl_scan_supported(level))
        level--;
    return level;
}

#if SCAN_X86
#include <immintrin.h>

/* A block's masks: bit i for byte i. */
typedef struct {
    uint64_t d; /* a digit */
    uint64_t m; /* '-' */
    uint64_t w; /* white space: ' ', '\t', '\n', '\v', '\f', '\r' */
} scan_masks_t;

/* The value of the n (1 to 16) digits at q, 16 bytes readable: '0' is
 * taken from each byte, a shuffle moves the n digits to the top of a
 * 16-byte register with zeros before them (the control is read from
 * scan_shuffle at n), and three multiply-adds make pairs, fours and eights
 * of digits: two eight-digit halves. */
__attribute__((target("ssse3"), always_inline)) static inline uint64_t
scan_digits16(const char *q, unsigned n)
{
    static const unsigned char scan_shuffle[32] = {
        0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
        0x80, 0x80, 0x80, 0x80, 0x80, 0,    1,    2,    3,    4,    5,
        6,    7,    8,    9,    10,   11,   12,   13,   14,   15};
    __m128i x =
        _mm_sub_epi8(_mm_loadu_si128((const __m128i *)q), _mm_set1_epi8('0'));
    x = _mm_shuffle_epi8(x,
                         _mm_loadu_si128((const __m128i *)(scan_shuffle + n)));
    x = _mm_maddubs_epi16(x, _mm_setr_epi8(10, 1, 10, 1, 10, 1, 10, 1, 10, 1,
                                           10, 1, 10, 1, 10, 1));
    x = _mm_madd_epi16(x, _mm_setr_epi16(100, 1, 100, 1, 100, 1, 100, 1));
    x = _mm_packs_epi32(x, x);
    x = _mm_madd_epi16(x,
                       _mm_setr_epi16(10000, 1, 10000, 1, 10000, 1, 10000, 1));
    const uint64_t halves = (uint64_t)_mm_cvtsi128_si64(x);
    return (halves & 0xFFFFFFFF) * 100000000 + (halves >> 32);
}

/* The value of the n (1 to 19) digits at q, 24 bytes readable: the last 16
 * at most by scan_digits16(), the first 1 to 3 of a longer token by
 * cl_swar_value(). */
__attribute__((target("ssse3"), always_inline)) static inline uint64_t
scan_value(const char *q, unsigned n)
{
    static const uint64_t pow16 = UINT64_C(10000000000000000);
    if (n <= 16)
        return scan_digits16(q, n);
    uint64_t x;
    memcpy(&x, q, 8);
    return cl_swar_value(x - UINT64_C(0x3030303030303030), n - 16) * pow16 +
           scan_digits16(q + n - 16, 16);
}

/* The tokens that start at the bits of s (within bits 0 to 31) of a
 * window of 64 bytes at b, its masks d, m, w: read into
 * out[*k..] while *k < max. Returns 0, or 1 with *stop at the first token
 * that is not read. Every token read leaves its start in *last. */
__attribute__((target("ssse3"), always_inline)) static inline int
scan_half(const char *b, uint64_t s, uint64_t d, uint64_t m, uint64_t w,
          int64_t *out, size_t *k, size_t max, const char **last,
          const char **stop)
{
    for (; s != 0; s &= s - 1) {
        const unsigned at = (unsigned)__builtin_ctzll(s);
        const unsigned neg = (unsigned)(m >> at) & 1;
        const unsigned q = at + neg;
        const unsigned n =
            (unsigned)__builtin_ctzll(~(d >> q) | UINT64_C(1) << 63);
        uint64_t v;
        if (*k == max || n - 1 > 18 || !((w >> (q + n)) & 1) ||
            (v = scan_value(b + q, n)) > (uint64_t)INT64_MAX + neg) {
            *stop = b + at;
            return 1;
        }
        out[(*k)++] = (int64_t)((v ^ (0 - (uint64_t)neg)) + neg);
        *last = b + at;
    }
    return 0;
}

/* Where reading goes on after a block loop that read its last token at
 * last (or none: NULL) and stopped before b: after that token if it ends
 * past b, else b. */
static inline const char *scan_end(const char *last, const char *b)
{
    if (last == NULL)
        return b;
    last += *last == '-';
    while ((unsigned)(unsigned char)*last - '0' <= 9)
        last++;
    return last > b ? last : b;
}

/* SSE2: four 16-byte compares for each class (the level needs SSSE3 for
 * scan_value()). A byte x is a digit when
 * x - '0' is at most 9 (unsigned: max(x - '0', 9) == 9), white space
 * when x - '\t' is at most 4 or x is ' '. */
__attribute__((target("sse2"))) static inline scan_masks_t
scan_masks_sse(const char *p)
{
    const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
    const __m128i tab = _mm_set1_epi8('\t'), four = _mm_set1_epi8(4);
    const __m128i space = _mm_set1_epi8(' '), minus = _mm_set1_epi8('-');
    scan_masks_t r = {0, 0, 0};
    for (int i = 0; i < 4; i++) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(p + 16 * i));
        const __m128i y = _mm_sub_epi8(x, zero), z = _mm_sub_epi8(x, tab);
        const __m128i d = _mm_cmpeq_epi8(_mm_max_epu8(y, nine), nine);
        const __m128i w =
            _mm_or_si128(_mm_cmpeq_epi8(_mm_max_epu8(z, four), four),
                         _mm_cmpeq_epi8(x, space));
        const __m128i m = _mm_cmpeq_epi8(x, minus);
        r.d |= (uint64_t)(uint16_t)_mm_movemask_epi8(d) << (16 * i);
        r.w |= (uint64_t)(uint16_t)_mm_movemask_epi8(w) << (16 * i);
        r.m |= (uint64_t)(uint16_t)_mm_movemask_epi8(m) << (16 * i);
    }
    return r;
}

/* AVX2: the same in two 32-byte halves. */
__attribute__((target("avx2,bmi,bmi2"))) static inline scan_masks_t
scan_masks_avx2(const char *p)
{
    const __m256i zero = _mm256_set1_epi8('0'), nine = _mm256_set1_epi8(9);
    const __m256i tab = _mm256_set1_epi8('\t'), four = _mm256_set1_epi8(4);
    const __m256i space = _mm256_set1_epi8(' ');
    const __m256i minus = _mm256_set1_epi8('-');
    scan_masks_t r = {0, 0, 0};
    for (int i = 0; i < 2; i++) {
        const __m256i x = _mm256_loadu_si256((const __m256i *)(p + 32 * i));
        const __m256i y = _mm256_sub_epi8(x, zero);
        const __m256i z = _mm256_sub_epi8(x, tab);
        const __m256i d = _mm256_cmpeq_epi8(_mm256_max_epu8(y, nine), nine);
        const __m256i w =
            _mm256_or_si256(_mm256_cmpeq_epi8(_mm256_max_epu8(z, four), four),
                            _mm256_cmpeq_epi8(x, space));
        const __m256i m = _mm256_cmpeq_epi8(x, minus);
        r.d |= (uint64_t)(uint32_t)_mm256_movemask_epi8(d) << (32 * i);
        r.w |= (uint64_t)(uint32_t)_mm256_movemask_epi8(w) << (32 * i);
        r.m |= (uint64_t)(uint32_t)_mm256_movemask_epi8(m) << (32 * i);
    }
    return r;
}

/* AVX-512BW: one 64-byte load, compares straight into mask registers. */
__attribute__((target("avx512f,avx512bw,bmi,bmi2"))) static inline scan_masks_t
scan_masks_avx512(const char *p)
{
    const __m512i x = _mm512_loadu_si512((const void *)p);
    const __m512i y = _mm512_sub_epi8(x, _mm512_set1_epi8('0'));
    const __m512i z = _mm512_sub_epi8(x, _mm512_set1_epi8('\t'));
    scan_masks_t r;
    r.d = _mm512_cmple_epu8_mask(y, _mm512_set1_epi8(9));
    r.w = _mm512_cmple_epu8_mask(z, _mm512_set1_epi8(4)) |
          _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8(' '));
    r.m = _mm512_cmpeq_epi8_mask(x, _mm512_set1_epi8('-'));
    return r;
}

/* How many newlines the n (under 64) bytes at p hold. */
static size_t scan_few_lines(const char *p, size_t n)
{
    size_t count = 0;
    for (const char *e = p + n; (p = memchr(p, '\n', (size_t)(e - p))) != NULL;
         p++)
        count++;
    return count;
}

/* The newlines of the 64 bytes at p, a bit each: SSE2, AVX2, AVX-512BW. */
__attribute__((target("sse2"))) static inline uint64_t
scan_newlines_sse(const char *p)
{
    uint64_t r = 0;
    for (int i = 0; i < 4; i++) {
        const __m128i x = _mm_loadu_si128((const __m128i *)(p + 16 * i));
        r |= (uint64_t)(uint16_t)_mm_movemask_epi8(
                 _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')))
             << (16 * i);
    }
    return r;
}

__attribute__((target("avx2"))) static inline uint64_t
scan_newlines_avx2(const char *p)
{
    const __m256i nl = _mm256_set1_epi8('\n');
    const __m256i x = _mm256_loadu_si256((const __m256i *)p);
    const __m256i y = _mm256_loadu_si256((const __m256i *)(p + 32));
    return (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(x, nl)) |
           (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(y, nl))
               << 32;
}

__attribute__((target("avx512f,avx512bw"))) static inline uint64_t
scan_newlines_avx512(const char *p)
{
    return _mm512_cmpeq_epi8_mask(_mm512_loadu_si512((const void *)p),
                                  _mm512_set1_epi8('\n'));
}

#define SCAN_NAME     scan_sse
#define SCAN_LINES    scan_lines_sse
#define SCAN_TARGET   __attribute__((target("ssse3,popcnt")))
#define SCAN_MASKS    scan_masks_sse
#define SCAN_NEWLINES scan_newlines_sse
#include "scan_tmpl.h"
#undef SCAN_NAME
#undef SCAN_LINES
#undef SCAN_TARGET
#undef SCAN_MASKS
#undef SCAN_NEWLINES

#define SCAN_NAME     scan_avx2
#define SCAN_LINES    scan_lines_avx2
#define SCAN_TARGET   __attribute__((target("avx2,bmi,bmi2,popcnt")))
#define SCAN_MASKS    scan_masks_avx2
#define SCAN_NEWLINES scan_newlines_avx2
#include "scan_tmpl.h"
#undef SCAN_NAME
#undef SCAN_LINES
#undef SCAN_TARGET
#undef SCAN_MASKS
#undef SCAN_NEWLINES

#define SCAN_NAME     scan_avx512
#define SCAN_LINES    scan_lines_avx512
#define SCAN_TARGET   __attribute__((target("avx512f,avx512bw,bmi,bmi2,popcnt")))
#define SCAN_MASKS    scan_masks_avx512
#define SCAN_NEWLINES scan_newlines_avx512
#include "scan_tmpl.h"
#undef SCAN_NAME
#undef SCAN_LINES
#undef SCAN_TARGET
#undef SCAN_MASKS
#undef SCAN_NEWLINES
#endif

size_t cl_scan_lines(int level, const char *p, size_t n, size_t *after)
{
#if SCAN_X86
    if (level == CL_SCAN_AVX512)
        return scan_lines_avx512(p, n, after);
    if (level == CL_SCAN_AVX2)
        return scan_lines_avx2(p, n, after);
    if (level == CL_SCAN_SSE)
        return scan_lines_sse(p, n, after);
#endif
    size_t count = 0, last = 0;
    const char *nl;
    (void)level;
    while (last < n && (nl = memchr(p + last, '\n', n - last)) != NULL) {
        count++;
        last = (size_t)(nl - p) + 1;
    }
    *after = last;
    return count;
}

size_t cl_scan_block(int level, const char **p, const char *stop, int64_t *out,
                     size_t max, const char **last)
{
#if SCAN_X86
    if (level == CL_SCAN_AVX512)
        return scan_avx512(p, stop, out, max, last);
    if (level == CL_SCAN_AVX2)
        return scan_avx2(p, stop, out, max, last);
    if (level == CL_SCAN_SSE)
        return scan_sse(p, stop, out, max, last);
#else
    (void)level, (void)p, (void)stop, (void)out, (void)max, (void)last;
#endif
    return 0;
}
