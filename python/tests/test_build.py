# SPDX-License-Identifier: MIT
"""How the module is built and cleaned, as a user does it: pip's build
backend (the one pyproject.toml names) makes a wheel with no `wheel`
package installed and leaves nothing in python/, the wheel installs and
imports; `make clean` removes what pip and setup.py leave in python/."""
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import unittest
import zipfile

import coinline

PYTHON_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
ROOT = os.path.dirname(PYTHON_DIR)

# What the tests' process may carry that a build must not: the sanitizer's
# runtime preloaded by tests/python.sh after make asan, its settings, and
# the flags make exports from its command line (make asan's CFLAGS would
# build a module that loads only with that runtime).
NOT_FOR_BUILDS = ("LD_PRELOAD", "ASAN_OPTIONS", "PYTHONMALLOC", "COINLINE_PY_ASAN",
                  "PYTHONPATH", "CFLAGS", "CPPFLAGS", "LDFLAGS", "LDSHARED")


def clean_env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in NOT_FOR_BUILDS}
    env.update(extra)
    return env


def why_no_build():
    """Why this Python cannot build the module here, or None."""
    probe = subprocess.run([sys.executable, "-c", "import setuptools"],
                           env=clean_env(), capture_output=True)
    if probe.returncode != 0:
        return "%s has no setuptools" % sys.executable
    if not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")):
        return "%s has no headers (Python.h)" % sys.executable
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return "no C compiler (%s)" % cc
    return None


def backend():
    """(module, path) of the build backend pyproject.toml names."""
    with open(os.path.join(PYTHON_DIR, "pyproject.toml"), encoding="utf-8") as f:
        text = f.read()
    name = re.search(r'^build-backend\s*=\s*"([^"]+)"', text, re.M).group(1)
    path = re.search(r"^backend-path\s*=\s*\[([^\]]*)\]", text, re.M)
    paths = re.findall(r'"([^"]*)"', path.group(1)) if path else []
    return name, [os.path.join(PYTHON_DIR, p) for p in paths]


# Calls the backend's build_wheel as pip does (in python/, in a process of
# its own), and prints the wheel's name.
CALL_BACKEND = """
import importlib, sys
sys.path[:0] = sys.argv[3:]
print(importlib.import_module(sys.argv[1]).build_wheel(sys.argv[2]))
"""


def supported_tags():
    """The tags pip accepts on this Python, when pip is there to say."""
    try:
        from pip._vendor.packaging.tags import sys_tags
    except ImportError:
        return None
    return {str(t) for t in sys_tags()}


class BuildTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="coinline-test-build-")
        self.before = set(os.listdir(PYTHON_DIR))

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)
        # What a failed build left in python/ goes too (build/, egg-info).
        for name in set(os.listdir(PYTHON_DIR)) - self.before:
            if name == "build" or name.endswith(".egg-info"):
                shutil.rmtree(os.path.join(PYTHON_DIR, name), ignore_errors=True)

    def build_wheel(self):
        """The wheel the backend builds with `wheel` hidden: its path."""
        hide = os.path.join(self.tmp, "hide", "wheel")
        os.makedirs(hide)
        with open(os.path.join(hide, "__init__.py"), "w") as f:
            f.write("raise ImportError('the wheel package is hidden by test_build')\n")
        out = os.path.join(self.tmp, "wheels")
        os.mkdir(out)
        name, paths = backend()
        run = subprocess.run([sys.executable, "-c", CALL_BACKEND, name, out] + paths,
                             cwd=PYTHON_DIR, capture_output=True, text=True,
                             env=clean_env(PYTHONPATH=os.path.dirname(hide),
                                           PYTHONDONTWRITEBYTECODE="1"))
        self.assertEqual(run.returncode, 0, "%s's build_wheel failed:\n%s" %
                         (name, run.stdout[-2000:] + run.stderr[-3000:]))
        wheel = os.path.join(out, run.stdout.split()[-1])
        self.assertTrue(os.path.isfile(wheel), wheel)
        return wheel

    def check_record(self, z, dist_info):
        """RECORD lists every file of the wheel with its hash and size."""
        lines = z.read(dist_info + "/RECORD").decode().splitlines()
        listed = {}
        for line in lines:
            path, digest, size = line.rsplit(",", 2)
            listed[path] = (digest, size)
        self.assertEqual(sorted(listed), sorted(z.namelist()))
        for path, (digest, size) in listed.items():
            if path == dist_info + "/RECORD":
                self.assertEqual((digest, size), ("", ""))
                continue
            data = z.read(path)
            want = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            self.assertEqual((digest, size), ("sha256=" + want.decode(), str(len(data))), path)

    def test_the_backend_builds_a_wheel_without_the_wheel_package(self):
        why = why_no_build()
        if why:
            self.skipTest(why)
        wheel = self.build_wheel()
        self.assertEqual(set(os.listdir(PYTHON_DIR)) - self.before, set(),
                         "the build left files in python/")
        m = re.fullmatch(r"coinline-([0-9.]+)-([^-]+-[^-]+-[^-]+)\.whl", os.path.basename(wheel))
        self.assertIsNotNone(m, wheel)
        version, tag = m.groups()
        self.assertEqual(version, coinline.__version__)
        tags = supported_tags()
        if tags is not None:
            self.assertIn(tag, tags)
        dist_info = "coinline-%s.dist-info" % version
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
            for want in ("coinline/__init__.py", "coinline/_coinline.pyi", "coinline/py.typed"):
                self.assertIn(want, names)
            self.assertTrue([n for n in names if re.fullmatch(r"coinline/_coinline\..*so", n)],
                            names)
            self.assertIn("Tag: %s\n" % tag, z.read(dist_info + "/WHEEL").decode())
            self.assertIn("Root-Is-Purelib: false\n", z.read(dist_info + "/WHEEL").decode())
            metadata = z.read(dist_info + "/METADATA").decode()
            self.assertIn("\nName: coinline\n", metadata)
            self.assertIn("\nVersion: %s\n" % version, metadata)
            self.check_record(z, dist_info)
            site = os.path.join(self.tmp, "site")
            z.extractall(site)
        run = subprocess.run(
            [sys.executable, "-c", "import coinline; print(coinline.__file__); "
             "print(coinline.solve([1, 3, 5, 2, 9]).p1)"],
            cwd=self.tmp, capture_output=True, text=True, env=clean_env(PYTHONPATH=site))
        self.assertEqual(run.returncode, 0, run.stderr)
        where, p1 = run.stdout.split()
        self.assertTrue(where.startswith(site), where)
        self.assertEqual(p1, "14")


class CleanTest(unittest.TestCase):
    def test_make_clean_removes_what_pip_and_setup_py_leave(self):
        if shutil.which("make") is None:
            self.skipTest("make is not installed")
        tmp = tempfile.mkdtemp(prefix="coinline-test-clean-")
        try:
            os.makedirs(os.path.join(tmp, "include"))
            shutil.copy(os.path.join(ROOT, "Makefile"), tmp)
            shutil.copy(os.path.join(ROOT, "include", "coinline.h"), os.path.join(tmp, "include"))
            left = ["build/x", "python/build/lib/coinline", "python/coinline.egg-info",
                    "python/src", "python/coinline"]
            for d in left:
                os.makedirs(os.path.join(tmp, d))
            env = {k: v for k, v in clean_env().items()
                   if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")}
            run = subprocess.run(["make", "-s", "clean", "BUILD=build"], cwd=tmp,
                                 capture_output=True, text=True, env=env)
            self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
            self.assertEqual(sorted(os.listdir(os.path.join(tmp, "python"))),
                             ["coinline", "src"])
            self.assertFalse(os.path.exists(os.path.join(tmp, "build")))
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    unittest.main()
