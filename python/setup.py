"""Builds the marsal C library with cargo and ships it inside the package.

The library is built from the Cargo workspace that contains this directory
(``cargo build --release -p marsal-ffi``), unless ``MARSAL_PREBUILT_LIB``
names an already built ``libmarsal.so``. ``CARGO`` names the cargo program
(default: ``cargo`` on the PATH, else ``~/.cargo/bin/cargo``); ``CARGO_TARGET_DIR``
is honoured. The wheel is tagged for the platform (the library is native
code) but not for a Python version or ABI (it is loaded with ctypes).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = Path(__file__).resolve().parent
LIBNAME = {"darwin": "libmarsal.dylib", "win32": "marsal.dll"}.get(sys.platform, "libmarsal.so")


def _cargo() -> str:
    cargo = os.environ.get("CARGO") or shutil.which("cargo")
    if cargo:
        return cargo
    home = Path.home() / ".cargo" / "bin" / "cargo"
    if home.is_file():
        return str(home)
    raise RuntimeError(
        "building marsal needs Rust's cargo (https://rustup.rs); it is not on the PATH "
        "(or set CARGO, or MARSAL_PREBUILT_LIB to a built libmarsal)")


def build_library() -> Path:
    prebuilt = os.environ.get("MARSAL_PREBUILT_LIB")
    if prebuilt:
        path = Path(prebuilt)
        if not path.is_file():
            raise RuntimeError(f"MARSAL_PREBUILT_LIB={prebuilt!r} is not a file")
        return path
    repo = HERE.parent
    manifest = repo / "Cargo.toml"
    if not (repo / "marsal-ffi" / "Cargo.toml").is_file():
        raise RuntimeError(
            f"no Cargo workspace with marsal-ffi above {HERE}: install from the repository "
            "(pip install ./python), or set MARSAL_PREBUILT_LIB")
    cmd = [_cargo(), "build", "--release", "-p", "marsal-ffi", "--manifest-path", str(manifest)]
    print("building the C library:", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, cwd=repo)
    target = Path(os.environ.get("CARGO_TARGET_DIR") or repo / "target")
    if not target.is_absolute():
        target = repo / target
    lib = target / "release" / LIBNAME
    if not lib.is_file():
        raise RuntimeError(f"cargo did not make {lib}")
    return lib


class BuildPy(build_py):
    """Copies the package, then the freshly built C library into it."""

    def run(self) -> None:
        super().run()
        lib = build_library()
        dest = Path(self.build_lib) / "marsal" / LIBNAME
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(lib, dest)


class BinaryDistribution(Distribution):
    def has_ext_modules(self) -> bool:  # native code inside: a platform wheel
        return True


class BdistWheel(bdist_wheel):
    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = False

    def get_tag(self):
        _, _, plat = super().get_tag()
        return "py3", "none", plat


setup(distclass=BinaryDistribution, cmdclass={"build_py": BuildPy, "bdist_wheel": BdistWheel})
