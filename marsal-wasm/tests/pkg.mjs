// The built package the node tests use: $MARSAL_WASM_PKG, or where
// marsal-wasm/build.sh writes it by default ($CARGO_TARGET_DIR/marsal-wasm/pkg,
// target/marsal-wasm/pkg without CARGO_TARGET_DIR), loaded and initialised.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const pkgDir = process.env.MARSAL_WASM_PKG
  ?? join(process.env.CARGO_TARGET_DIR ?? join(root, 'target'), 'marsal-wasm', 'pkg');
export const m = await import(pathToFileURL(join(pkgDir, 'marsal_wasm.js')).href);
m.initSync({ module: readFileSync(join(pkgDir, 'marsal_wasm_bg.wasm')) });
