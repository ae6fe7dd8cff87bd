#!/usr/bin/env bash
# One command to see it: builds the wasm package (marsal-wasm/build.sh) and
# the page into target/web, then serves that directory on 127.0.0.1 only.
#   bash web/serve.sh [PORT]      (default 8020; open the URL it prints)
# With --build-only it builds target/web and exits (the browser test uses it).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
port=8020
build_only=0
for a in "$@"; do
  case "$a" in
    --build-only) build_only=1 ;;
    *) port="$a" ;;
  esac
done
pkg=$(bash "$root/marsal-wasm/build.sh")
out="${CARGO_TARGET_DIR:-$root/target}/web"
rm -rf "$out"
mkdir -p "$out/pkg"
cp "$root"/web/*.html "$root"/web/*.js "$root"/web/*.css "$out/"
cp "$pkg/marsal_wasm.js" "$pkg/marsal_wasm_bg.wasm" "$out/pkg/"
echo "built $out" >&2
[ "$build_only" = 1 ] && exit 0
echo "marsal: open http://127.0.0.1:$port/ (Ctrl-C stops the server)"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory "$out"
