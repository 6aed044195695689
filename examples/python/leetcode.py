# SPDX-License-Identifier: MIT
"""LeetCode 486 ("Predict the Winner") and 877 ("Stone Game"), one line
each with coinline: player 1 wins (or ties, for 486) exactly when the
margin of optimal play is not negative (positive, for 877).

    PYTHONPATH=build/python python3 examples/python/leetcode.py
"""
import coinline


def predict_the_winner(nums):  # LeetCode 486: a tie counts as a win
    return coinline.solve(nums).margin >= 0


def stone_game(piles):  # LeetCode 877: Alice moves first
    return coinline.solve(piles).winner == "first"


if __name__ == "__main__":
    for nums in ([1, 5, 2], [1, 5, 233, 7], [0], [1, 1]):
        print("486", nums, predict_the_winner(nums))
    for piles in ([5, 3, 4, 5], [3, 7, 2, 3]):
        print("877", piles, stone_game(piles))
