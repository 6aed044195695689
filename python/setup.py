# SPDX-License-Identifier: MIT
"""Builds coinline, the Python module over libcoinline.

The extension is compiled from python/src/ and the library's own sources
(lib/), so the module stands alone: no libcoinline need be installed.
It builds from the coinline source tree (python/ next to lib/ and
include/), with the machine's Python headers (Debian: python3-dev) and
setuptools (python3-setuptools), any version:

    make python                                 # into build/python/
    python3 -m pip install --no-build-isolation ./python

pip goes through coinline_backend.py (pyproject.toml), which runs this
file's egg_info and build in a temporary folder and zips the wheel: no
wheel package needed.
"""
import glob
import os
import re
import sys

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def tree_path(*parts):
    """A path of the coinline tree; stops with a clear message if the tree
    is not there (python/ copied away from it)."""
    path = os.path.join(ROOT, *parts)
    if not os.path.exists(path):
        sys.exit(
            "coinline: %s is missing: build the Python module from the "
            "coinline source tree (python/ beside lib/ and include/)" % path
        )
    return path


def version():
    """The library's version, from include/coinline.h."""
    with open(tree_path("include", "coinline.h"), encoding="utf-8") as f:
        m = re.search(r'#define COINLINE_VERSION_STRING "([^"]+)"', f.read())
    return m.group(1)


def module_sources():
    """The module's own C files."""
    return sorted(glob.glob(os.path.join(HERE, "src", "*.c")))


def library_sources():
    """The library's C files (absolute paths, so that their objects stay
    inside the build's temporary folder)."""
    lib = tree_path("lib")
    return sorted(glob.glob(os.path.join(lib, "*.c")) + glob.glob(os.path.join(lib, "*", "*.c")))


# The library first, as a static archive of its own (build_clib), with its
# own include paths; then the module over it, which sees only the public
# header and lib/common/, as every layer above the library does
# (docs/architecture.md). COINLINE_API is defined empty and visibility
# hidden: only PyInit__coinline is exported, and the library's symbols
# cannot clash with a libcoinline.so in the same process.
HIDDEN = [("COINLINE_API", "")]
library = (
    "coinline",
    {
        "sources": library_sources(),
        "include_dirs": [tree_path("include"), tree_path("lib"), tree_path("lib", "common")],
        "macros": HIDDEN,
        "cflags": ["-fvisibility=hidden"],
    },
)

extension = Extension(
    "coinline._coinline",
    sources=module_sources(),
    include_dirs=[os.path.join(HERE, "src"), tree_path("include"), tree_path("lib", "common")],
    define_macros=HIDDEN,
    extra_compile_args=["-fvisibility=hidden", "-Wextra"],
)

setup(
    name="coinline",
    version=version(),
    description="Coins in a line: the exact solver, the optimal move at "
    "every position, strategies, duels and reviews",
    license="MIT",
    packages=["coinline"],
    package_data={"coinline": ["py.typed", "*.pyi"]},
    libraries=[library],
    ext_modules=[extension],
    python_requires=">=3.10",
    zip_safe=False,
)
