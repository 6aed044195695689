/* SPDX-License-Identifier: MIT */
/* rules.h - coinline.Rules, the rules of a game (a shape and a scoring),
 * and the rules argument every call that plays or solves a game takes: a
 * str the library parses ('circle,remaining') or a Rules. Every call here
 * needs the GIL. */
#ifndef COINLINE_PY_RULES_H
#define COINLINE_PY_RULES_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "coinline.h"

/* Reads the rules argument obj of the call what into *rules: NULL gives
 * the classic rules; a str is parsed by coinline_rules_parse(), a Rules
 * gives its own. Returns 0, or -1 with ValueError (the library's message:
 * which word is wrong and why) or TypeError set, naming what and rules. */
int pcl_parse_rules(PyObject *obj, const char *what, coinline_rules_t *rules);

/* Reads the rules of the call what from its keyword arguments (each
 * NULL or None when not given) into *rules: rules (a Rules or a str, as
 * pcl_parse_rules()), or circle (True or False) and score (a scoring's
 * name, 'taken' or 'remaining'); none of them gives the classic rules.
 * Returns 0, or -1 with TypeError (rules with circle or score, a circle
 * that is no bool) or ValueError (an unknown scoring) set naming what. */
int pcl_parse_rules_args(const char *what, PyObject *rules_obj,
                         PyObject *circle, PyObject *score,
                         coinline_rules_t *rules);

/* A new Rules object holding rules (which coinline_rules_check() takes);
 * NULL with an exception set. */
PyObject *pcl_rules_object(const coinline_rules_t *rules);

/* 1 when obj is a Rules holding the classic rules (a line, scoring the
 * coin taken), else 0: a result's repr shows its fields of positions
 * only under other rules, so that the classic one reads as it always
 * has. */
int pcl_rules_is_classic(PyObject *obj);

/* What a solver's size limit depends on: the value of a game (solve), or
 * its line of play (line, the game engine). */
typedef enum { PCL_VALUE, PCL_LINE } pcl_task_t;

/* The most coins algo takes for task under rules (include/coinline.h);
 * 0 when it has no limit of its own. */
uint64_t pcl_rules_most_coins(const coinline_rules_t *rules, pcl_task_t task,
                              coinline_algo_t algo);

/* Adds Rules, SHAPES and SCORES to module: 0 or -1. */
int pcl_rules_add(PyObject *module);

#endif
