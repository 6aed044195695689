/* SPDX-License-Identifier: MIT */
/*
 * reduce.h - reduce_tmpl.h instantiated for both value types: the *_64
 * functions work in int64_t, the *_wide ones in 128 bits.
 */
#ifndef COINLINE_REDUCE_H
#define COINLINE_REDUCE_H

#include "compiler.h"
#include "wide.h"

#define CL_T       int64_t
#define CL_NAME(x) x##_64
#include "reduce_tmpl.h"
#undef CL_T
#undef CL_NAME

#define CL_T       cl_wide
#define CL_NAME(x) x##_wide
#include "reduce_tmpl.h"
#undef CL_T
#undef CL_NAME

#endif
