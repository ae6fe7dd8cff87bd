#!/usr/bin/env bash
# CI for the wasm package and the page (called by .ci/run; runs alone too):
# installs what a fresh machine lacks (Debian's chromium, playwright-core from
# web/package-lock.json; marsal-wasm/build.sh installs the wasm32 target and
# the pinned wasm-bindgen-cli), builds the package and the page once, runs
# the node tests of the JS API, packs and installs the npm package, runs the
# browser test, and prints the sizes: it fails when the wasm package is over
# its budget of 500,000 bytes. Screenshots stay in target/web-screenshots
# (the CI artifacts: setup, mid-game, fight, end, review, phone).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
target="${CARGO_TARGET_DIR:-$root/target}"
t() { printf '  [web %ss] %s\n' "$(($(date +%s) - t0))" "$*"; }
t0=$(date +%s)

if ! command -v chromium >/dev/null 2>&1 && [ -z "${CHROMIUM:-}" ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
fi
chromium --version 2>/dev/null || true
t "chromium ready"
(cd web && npm ci --no-audit --no-fund --loglevel=error)
(cd marsal-wasm/tests && npm ci --no-audit --no-fund --loglevel=error)
t "playwright-core and fast-check installed"

bash web/serve.sh --build-only
pkg="$target/marsal-wasm/pkg"
t "package and page built"

# The budget: the wasm package at most 500,000 bytes (after wasm-opt -Oz --converge);
# over it, this step fails (Cargo.toml's `wasm` profile says how it fits).
wasm="$pkg/marsal_wasm_bg.wasm"
size=$(stat -c %s "$wasm")
budget=500000
echo "wasm: $size bytes, gzip -9: $(gzip -9c "$wasm" | wc -c) bytes (the budget: $budget raw)"
if [ "$size" -gt "$budget" ]; then
  echo "FAIL: the wasm package is $size bytes, over its budget of $budget" >&2
  exit 1
fi

node --test marsal-wasm/tests/
t "node tests of the JS API"

# npm pack makes an installable package: install the tarball into an empty
# project (no registry needed) and use it from there.
pack=$(mktemp -d)
(cd "$pkg" && npm pack --silent --pack-destination "$pack" >/dev/null)
(cd "$pack" && npm init -y >/dev/null && npm install --no-audit --no-fund --loglevel=error ./marsal-wasm-*.tgz >/dev/null)
cat > "$pack/use.mjs" <<'JS'
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as marsal from 'marsal-wasm';
const wasm = createRequire(import.meta.url).resolve('marsal-wasm/marsal_wasm_bg.wasm');
marsal.initSync({ module: readFileSync(wasm) });
const game = marsal.Game.random(marsal.Ruleset.preset('marsal_a_spion'), 1, 2);
while (!game.isOver) game.play(game.botMove('careful', game.ply));
console.log(`installed package: a game of ${game.ply} plies, ${game.statusText()}`);
JS
(cd "$pack" && node use.mjs)
# The js blocks of README.md and marsal-wasm/README.md, as written, against
# the installed package.
python3 .ci/doc-blocks run js --node-dir "$pack"
rm -rf "$pack"
t "npm package packed, installed and used; the docs' js blocks run"

node marsal-wasm/bench/playout.mjs --ruleset classic --games 300
# The online test plays through the game server: the marsal program (.ci/run
# has built it with README's main job already; then this is a no-op).
cargo build --release -p marsal-cli
(cd web && MARSAL_BIN="$target/release/marsal" node --test test/)
t "browser test"

# The screenshots (CI artifacts): setup-*.png each preset's setup, mid-game.png,
# fight.png a fight on its square, end.png the end (enemy army revealed),
# review.png a finished game reviewed at ply 6, review-gravon.png a loaded Gravon
# XML record reviewed at ply 4, phone.png the phone layout.
ls -l "$target/web-screenshots"
