#!/usr/bin/env bash
# Builds the npm package of marsal-wasm: the wasm for wasm32-unknown-unknown
# (the size-minded `wasm` profile of Cargo.toml), the ES module and TypeScript
# declarations from wasm-bindgen (--target web: browsers, workers and node,
# see README.md), with every method guarded against a wrong or freed `this`
# (guard.mjs), optimised for size by wasm-opt (binaryen's JavaScript build
# from npm, pinned: no native binary to download), package.json and README.md.
#   bash marsal-wasm/build.sh [--out-dir DIR]
# writes only into the target dir ($CARGO_TARGET_DIR, else target/): the
# package into target/marsal-wasm/pkg, or into DIR when given.
# Needs the wasm32-unknown-unknown target and wasm-bindgen-cli at exactly the
# version of the wasm-bindgen crate (Cargo.toml pins it); installs both when
# missing: wasm-bindgen-cli into target/tools (without the TLS stack its test
# runner's downloads need, a debug build without debug info: it compiles in a
# fraction of the time and runs in seconds).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
mkdir -p "$target"
target="$(cd "$target" && pwd)"
out="$target/marsal-wasm/pkg"
while [ $# -gt 0 ]; do
  case "$1" in
    --out-dir) out="$2"; shift 2 ;;
    *) echo "usage: build.sh [--out-dir DIR]" >&2; exit 2 ;;
  esac
done
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
bindgen="$target/tools/bin/wasm-bindgen"
if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $version" ]; then
  bindgen=wasm-bindgen
elif [ "$("$bindgen" --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  CARGO_PROFILE_DEV_DEBUG=0 cargo install --locked --debug --no-default-features \
    --bin wasm-bindgen --root "$target/tools" --target-dir "$target/tools/build" \
    wasm-bindgen-cli --version "$version"
  rm -rf "$target/tools/build"
fi
binaryen=132.0.0
wasm_opt="$target/tools/npm/node_modules/binaryen/bin/wasm-opt"
if [ "$(node "$wasm_opt" --version 2>/dev/null)" != "wasm-opt version ${binaryen%%.*} (version_${binaryen%%.*})" ]; then
  npm install --no-audit --no-fund --loglevel=error --prefix "$target/tools/npm" "binaryen@$binaryen" >&2
fi
cd "$root"
# The `wasm` profile inherits `release`: an override of the release profile in
# the environment (.ci/run sets some for its own release builds) would change
# the package and its size. It is built as Cargo.toml says.
(unset "${!CARGO_PROFILE_RELEASE_@}" && cargo build -p marsal-wasm --target wasm32-unknown-unknown --profile wasm)
wasm="$target/wasm32-unknown-unknown/wasm/marsal_wasm.wasm"
made="$out/marsal_wasm_bg.wasm"
# Nothing to redo when the package is newer than the wasm cargo left and than
# the scripts that make it (wasm-opt alone takes half a CPU minute).
if [ "$made" -nt "$wasm" ] && [ "$made" -nt "$0" ] && [ "$made" -nt "$here/guard.mjs" ]; then
  echo "build.sh: $out is up to date" >&2
else
  rm -rf "$out"
  mkdir -p "$out"
  "$bindgen" --target web --out-dir "$out" "$wasm"
  node "$here/guard.mjs" "$out/marsal_wasm.js"
  # The features are those rustc's wasm32 target uses by default. --converge
  # repeats -Oz until the file stops shrinking: 409 bytes less than one pass
  # (500,080 -> 499,671 on 6 Dec 2026), in about the same time.
  node "$wasm_opt" -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue \
    "$made" -o "$made"
fi
cp "$here/package.json" "$here/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$out/"
ls -l "$out" >&2
echo "$out"
