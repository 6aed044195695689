# SPDX-License-Identifier: MIT
"""Runs the tests of this folder with unittest and reports them in TAP, a
line per test, for prove (tests/python.sh)."""
import os
import sys
import traceback
import unittest


class TAPResult(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.count = 0

    def line(self, ok, test, extra=""):
        self.count += 1
        name = "%s.%s" % (type(test).__name__, getattr(test, "_testMethodName", test))
        print("%s %d - %s%s" % ("ok" if ok else "not ok", self.count, name, extra),
              flush=True)

    def diag(self, err):
        for text in traceback.format_exception(*err):
            for ln in text.rstrip("\n").split("\n"):
                print("# " + ln)

    def addSuccess(self, test):
        super().addSuccess(test)
        self.line(True, test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.line(False, test)
        self.diag(err)

    def addError(self, test, err):
        super().addError(test, err)
        self.line(False, test)
        self.diag(err)

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.line(True, test, " # SKIP " + reason)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    suite = unittest.defaultTestLoader.discover(here, pattern="test_*.py")
    result = TAPResult()
    suite.run(result)
    print("1..%d" % result.count)
    return 0 if result.wasSuccessful() and result.count > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
