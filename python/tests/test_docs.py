# SPDX-License-Identifier: MIT
"""The examples of docs/python.md and of the module's docstrings, run as
doctests: the manual cannot drift from the module."""
import doctest
import os
import unittest

import coinline

DOC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs",
                   "python.md")


class DocsTest(unittest.TestCase):
    def test_the_examples_of_docs_python_md_run(self):
        failed, tried = doctest.testfile(DOC, module_relative=False, verbose=False)
        self.assertGreater(tried, 20)
        self.assertEqual(failed, 0)

    def test_the_examples_of_the_docstrings_run(self):
        failed, tried = doctest.testmod(coinline, verbose=False,
                                       extraglobs={"coinline": coinline})
        self.assertGreater(tried, 5)
        self.assertEqual(failed, 0)

    def test_every_public_name_has_a_docstring(self):
        for name in coinline.__all__:
            obj = getattr(coinline, name)
            if name.startswith("__") or isinstance(obj, (int, str)):
                continue
            self.assertTrue((obj.__doc__ or "").strip(), name)
        for cls in (coinline.Engine, coinline.Strategy):
            for attr in ("play", "undo", "state", "moves", "row") if cls is coinline.Engine \
                    else ("move", "name", "function"):
                self.assertTrue(getattr(cls, attr).__doc__, (cls, attr))


if __name__ == "__main__":
    unittest.main()
