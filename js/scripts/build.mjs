// Builds the WebAssembly module from the Rust library (js/wasm, a cdylib
// over plain extern "C" exports, no bindings generator) and copies it to
// src/chess_movegen.wasm, shrunk with binaryen's wasm-opt when that is
// installed (it is a dev-dependency).
//
//   node scripts/build.mjs            the small-tables build (the package's)
//   node scripts/build.mjs --magic    the 1 MiB magic tables instead
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const crate = join(root, 'wasm');
const magic = process.argv.includes('--magic');
const args = ['build', '--release', '--target', 'wasm32-unknown-unknown'];
if (magic) args.push('--no-default-features', '--target-dir', join(crate, 'target', 'magic'));
execFileSync('cargo', args, { cwd: crate, stdio: 'inherit' });

const built = join(crate, 'target', ...(magic ? ['magic'] : []), 'wasm32-unknown-unknown', 'release', 'chess_movegen_wasm.wasm');
const out = join(root, 'src', 'chess_movegen.wasm');
const wasmOpt = join(root, 'node_modules', 'binaryen', 'bin', 'wasm-opt');
if (existsSync(wasmOpt) && !process.argv.includes('--no-opt')) {
  // -O3 rather than -Oz: the rust build is already size-tuned, and -O3
  // keeps the speed of the hot loops.
  execFileSync(wasmOpt, ['-O3', '--strip-debug', '--strip-producers', built, '-o', out], { stdio: 'inherit' });
} else {
  copyFileSync(built, out);
}
const size = statSync(out).size;
const gz = gzipSync(readFileSync(out), { level: 9 }).length;
console.log(`${out}: ${size} bytes, ${gz} bytes gzipped (${magic ? 'magic tables' : 'small tables'})`);
