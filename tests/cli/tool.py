# SPDX-License-Identifier: MIT
"""The tool under test ($COINLINE, never one from PATH), run from the CLI
tests' Python checks."""
import os
import subprocess


def run(*args):
    """coinline ARGS...: its standard output; raises if it fails."""
    return subprocess.run([os.environ["COINLINE"]] + list(args), check=True,
                          capture_output=True, text=True).stdout
