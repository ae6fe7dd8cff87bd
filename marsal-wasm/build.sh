#!/usr/bin/env bash
# Builds the npm package of marsal-wasm into marsal-wasm/pkg: the release
# wasm for wasm32-unknown-unknown, the ES module and TypeScript declarations
# from wasm-bindgen (--target web: browsers, workers and node, see README.md),
# package.json and README.md. Needs the wasm32-unknown-unknown target and
# wasm-bindgen-cli at exactly the version of the wasm-bindgen crate
# (Cargo.toml pins it); installs both when they are missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$here/Cargo.toml")
if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]; then
  # A debug build of the command line tool: it runs in seconds either way
  # and compiles in a fraction of the time.
  cargo install --locked --debug wasm-bindgen-cli --version "$version"
fi
cd "$root"
cargo build -p marsal-wasm --target wasm32-unknown-unknown --release
out="$here/pkg"
rm -rf "$out"
wasm-bindgen --target web --out-dir "$out" \
  "${CARGO_TARGET_DIR:-$root/target}/wasm32-unknown-unknown/release/marsal_wasm.wasm"
cp "$here/package.json" "$here/README.md" "$root/LICENSE-MIT" "$root/LICENSE-APACHE" "$out/"
ls -l "$out"
