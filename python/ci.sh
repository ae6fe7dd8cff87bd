#!/usr/bin/env bash
# CI for the Python package: installs ./python into a fresh virtual
# environment (pip's default isolated build: cargo builds the C library) with
# pytest, numpy, gymnasium and pettingzoo from the registry, runs the tests
# from a directory outside the repository (so the installed package is what
# is tested), then smoke-runs the examples and benchmarks (no timing checks).
#
#   bash python/ci.sh            # PYTHON=python3.12 bash python/ci.sh
#
# Needs Python >= 3.9 with venv, Rust (cargo), and the package registry.
# CARGO_TARGET_DIR is honoured (reuse the workspace's target/ to save time).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
python=${PYTHON:-python3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step() { printf '\n==> %s\n' "$*"; }

step "fresh virtual environment in $work"
"$python" -m venv "$work/venv"
py="$work/venv/bin/python"
"$py" -m pip install --quiet --upgrade pip
"$py" -m pip install --quiet pytest numpy gymnasium pettingzoo

step "pip install ./python (builds libmarsal with cargo)"
"$py" -m pip install "$here"

step "pytest (installed package, run from outside the repository)"
mkdir "$work/run"
cp -r "$here/tests" "$work/run/tests"
cd "$work/run"
"$py" -c 'import marsal, os; print("marsal", marsal.version(), "from", os.path.dirname(marsal.__file__))'
"$py" -m pytest -q -p no:cacheprovider tests

step "example and benchmarks (smoke runs)"
"$py" "$here/examples/play.py"
"$py" "$here/benchmarks/bench_vector_env.py" --seconds 0.3 --repeat 1
"$py" "$here/benchmarks/bench_class_api.py" --games 2 --min-seconds 0.1 --rulesets classic
step "done"
