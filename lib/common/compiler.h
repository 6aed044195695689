/* SPDX-License-Identifier: MIT */
/*
 * compiler.h - what coinline asks of the compiler beyond C11, spelt once:
 * shared by the library, the tool and the tests (lib/common/).
 */
#ifndef COINLINE_COMPILER_H
#define COINLINE_COMPILER_H

/* Marks a printf-like function: the format is argument f, the values
 * start at argument a (0 for a va_list), so that gcc and clang check every
 * call. */
#if defined(__GNUC__)
#define COINLINE_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define COINLINE_PRINTF(f, a)
#endif

/* Marks a static function that a file including a template may leave
 * unused (the amalgamation's single-header form carries part of the
 * library), so that clang's -Wunused-function stays quiet. */
#if defined(__GNUC__)
#define COINLINE_MAYBE_UNUSED __attribute__((unused))
#else
#define COINLINE_MAYBE_UNUSED
#endif

/* Asks for the cache line at address p ahead of its use (a hint: it never
 * faults, even past the end of a mapping). */
#if defined(__GNUC__)
#define COINLINE_PREFETCH(p) __builtin_prefetch(p)
#else
#define COINLINE_PREFETCH(p) ((void)(p))
#endif

#endif
