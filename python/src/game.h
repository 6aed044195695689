/* SPDX-License-Identifier: MIT */
/* game.h - coinline.Game (a game in progress under any rules, moves as
 * positions), coinline.GameState, coinline.Table and coinline.TableCell
 * (the interval programme's table under any rules). Every call here needs
 * the GIL. */
#ifndef COINLINE_PY_GAME_H
#define COINLINE_PY_GAME_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "coinline.h"

/* The library's game held by obj, a Game (NULL with TypeError naming
 * what, or RuntimeError when it holds none). */
coinline_game_t *pcl_game_of(PyObject *obj, const char *what);

/* How many times the Game obj has changed (moves, undos, inits). */
uint64_t pcl_game_changes(PyObject *obj);

/* The GameState of the Game obj's position: a new reference, or NULL
 * with an exception set naming what. */
PyObject *pcl_game_state(PyObject *obj, const char *what);

/* The move obj (a position, or 'left'/'right': an end of the coins left)
 * for the player to move in the Game game, as a legal position into
 * *position: 0, or -1 with ValueError (not legal here, saying why) or
 * TypeError (no move) set, naming what. */
int pcl_game_move(PyObject *game, PyObject *obj, const char *what,
                  uint64_t *position);

/* Adds Game, GameState, Table and TableCell to module: 0 or -1. */
int pcl_game_add_types(PyObject *module);

#endif
