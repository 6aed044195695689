#!/bin/sh
# SPDX-License-Identifier: MIT
# The SVG pictures: the heat maps of table --svg and table --circle --svg
# (the line of optimal play marked without covering a number, a colour
# legend, a width fitted to what is drawn; svg_geometry.py), and the
# margin chart of analyze --svg on a circle (its points are the review's
# JSON).
. "$(dirname "$0")/lib.sh"

command -v python3 >/dev/null 2>&1 &&
	python3 -c "import xml.etree.ElementTree" 2>/dev/null &&
	test_set_prereq PYTHON3

# Checks the heat maps of the rows (or with -c the circles) of the file
# rows, one a line, against table --json.
cat >"$TRASH_ROOT/check_heatmaps.py" <<\PYEOF
import json, os, subprocess, sys
from svg_geometry import heatmap
from tool import run
flags = sys.argv[1:]
bad = 0
for row in open("rows").read().splitlines():
    run("table", *flags, "--svg", "t.svg", "-r", row)
    table = json.loads(run("table", *flags, "--json", "-r", row))
    for f in heatmap("t.svg", table):
        print("table %s -r '%s': %s" % (" ".join(flags), row, f))
        bad += 1
sys.exit(1 if bad else 0)
PYEOF

write_rows() {
	write_lines "8 15 3 7" "1 3 5 2 9" "2 9 1 6 3 8 4" "5" "4 -6" "3 3 3" \
		"8 15 3 7 4 9 2 11 5" "-5 -1 -7" \
		"9223372036854775807 -9223372036854775808 1 -1 0" >rows &&
	coinline gen -g 6 -n 12 --min=-99 --max=99 -s 3 | awk "NR % 2 == 0" >>rows &&
	coinline gen -g 2 -n 30 --min=-9 --max=9 -s 4 | awk "NR % 2 == 0" >>rows &&
	coinline gen -g 1 -n 64 -s 5 | awk "NR % 2 == 0" >>rows
}

test_expect_success PYTHON3 'table --svg: the line over no number, a legend, fitted to its cells' '
	write_rows &&
	PYTHONPATH="$TEST_DIRECTORY" python3 "$TRASH_ROOT/check_heatmaps.py"
'

test_expect_success PYTHON3 'table --circle --svg: the line over no number, a legend, fitted to its cells' '
	write_rows &&
	PYTHONPATH="$TEST_DIRECTORY" python3 "$TRASH_ROOT/check_heatmaps.py" -c
'

test_done
