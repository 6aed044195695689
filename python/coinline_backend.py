# SPDX-License-Identifier: MIT
"""The build backend of `pip install ./python` (PEP 517, named by
pyproject.toml): setup.py builds the module as `make python` does, and the
wheel is zipped here, so that neither the `wheel` package nor a setuptools
with its own bdist_wheel (70.1 or later) is needed: any setuptools will do,
with the Python's headers and a C compiler. Everything is built in a
temporary folder: nothing is left in python/ (no build/, no egg-info).

pip calls build_wheel(); get_requires_for_build_wheel() says that nothing
is to be installed first (setuptools is the machine's: pip runs with
--no-build-isolation, since nothing is downloaded).
"""
import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))


def get_requires_for_build_wheel(config_settings=None):
    """Nothing beyond pyproject.toml's requires (setuptools)."""
    return []


def wheel_tag():
    """The wheel's tag for this Python, as pip computes it: cp311-cp311-
    linux_x86_64 for CPython 3.11 on x86-64 Linux (the extension module
    loads in this Python only)."""
    major, minor = sys.version_info[:2]
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    soabi = sysconfig.get_config_var("SOABI") or ""
    if sys.implementation.name == "cpython":
        interpreter = "cp%d%d" % (major, minor)
        abi = interpreter
        abi += "d" if sysconfig.get_config_var("Py_DEBUG") else ""
        abi += "t" if sysconfig.get_config_var("Py_GIL_DISABLED") else ""
    else:  # PyPy and others: their short name, and the ABI their SOABI says
        short = {"pypy": "pp"}.get(sys.implementation.name, sys.implementation.name)
        interpreter = "%s%d%d" % (short, major, minor)
        abi = "_".join(soabi.split("-")[:2]).replace(".", "_") or "none"
    return "%s-%s-%s" % (interpreter, abi, platform)


def metadata_fields(pkg_info):
    """(name, version) from the PKG-INFO text setuptools wrote."""
    fields = {}
    for line in pkg_info.splitlines():
        if not line.strip():
            break
        key, _, value = line.partition(":")
        fields.setdefault(key.strip(), value.strip())
    return fields["Name"], fields["Version"]


def record_line(path, data):
    """A line of RECORD: the file, its sha256 (urlsafe base64, unpadded)
    and its size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (path, digest.decode("ascii"), len(data))


def tree_files(root):
    """The files under root, as paths relative to it with '/', sorted."""
    out = []
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(folder, name), root)
            out.append(rel.replace(os.sep, "/"))
    return out


def write_wheel(path, lib, dist_info, info):
    """Zips the built files of lib and the dist-info files info (name ->
    bytes) into the wheel path, RECORD last."""
    record = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for rel in tree_files(lib):
            with open(os.path.join(lib, rel), "rb") as f:
                data = f.read()
            z.write(os.path.join(lib, rel), rel)
            record.append(record_line(rel, data))
        for name, data in info.items():
            rel = "%s/%s" % (dist_info, name)
            z.writestr(rel, data)
            record.append(record_line(rel, data))
        record.append("%s/RECORD,," % dist_info)
        z.writestr("%s/RECORD" % dist_info, "\n".join(record) + "\n")


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    """Builds the module with setup.py in a temporary folder and zips it
    into a wheel in wheel_directory; returns the wheel's file name."""
    tmp = tempfile.mkdtemp(prefix="coinline-build-")
    try:
        lib = os.path.join(tmp, "lib")
        subprocess.run(
            [sys.executable, os.path.join(HERE, "setup.py"), "-q",
             "egg_info", "--egg-base", tmp,
             "build", "--build-base", os.path.join(tmp, "build"), "--build-lib", lib],
            cwd=HERE, check=True)
        egg_info = os.path.join(tmp, "coinline.egg-info")
        with open(os.path.join(egg_info, "PKG-INFO"), "rb") as f:
            pkg_info = f.read()
        name, version = metadata_fields(pkg_info.decode("utf-8"))
        tag = wheel_tag()
        wheel = "%s-%s-%s.whl" % (name, version, tag)
        info = {
            "METADATA": pkg_info,
            "WHEEL": ("Wheel-Version: 1.0\nGenerator: coinline_backend\n"
                      "Root-Is-Purelib: false\nTag: %s\n" % tag).encode("ascii"),
        }
        with open(os.path.join(egg_info, "top_level.txt"), "rb") as f:
            info["top_level.txt"] = f.read()
        write_wheel(os.path.join(wheel_directory, wheel), lib,
                    "%s-%s.dist-info" % (name, version), info)
        return wheel
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
