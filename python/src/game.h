/* SPDX-License-Identifier: MIT */
/* game.h - coinline.Game (a game in progress under any rules, moves as
 * positions), coinline.GameState, coinline.Table and coinline.TableCell
 * (the interval programme's table under any rules). Every call here needs
 * the GIL. */
#ifndef COINLINE_PY_GAME_H
#define COINLINE_PY_GAME_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* Adds Game, GameState, Table and TableCell to module: 0 or -1. */
int pcl_game_add_types(PyObject *module);

#endif
