// Builds the WebAssembly module from the Rust library (js/wasm, a cdylib
// over plain extern "C" exports, no bindings generator) and copies it to
// src/chess_movegen.wasm. (binaryen's wasm-opt -Oz was measured: 1 %
// smaller, for a 104 MB dev dependency, so it is not used; the inline
// threshold is set in wasm/.cargo/config.toml.)
//
//   node scripts/build.mjs            the small-tables build (the package's)
//   node scripts/build.mjs --magic    the 1 MiB magic tables instead
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const crate = join(root, 'wasm');
const magic = process.argv.includes('--magic');
// Source paths in panic locations are written relative to the repository,
// so the module does not carry the build machine's directories and its
// size does not depend on where the repository was cloned.
const repo = join(root, '..');
const args = [
  'build', '--release', '--target', 'wasm32-unknown-unknown',
  '--config', `target.wasm32-unknown-unknown.rustflags=["--remap-path-prefix=${repo}=."]`,
];
if (magic) args.push('--no-default-features', '--features', 'compact', '--target-dir', join(crate, 'target', 'magic'));
execFileSync('cargo', args, { cwd: crate, stdio: 'inherit' });

const built = join(crate, 'target', ...(magic ? ['magic'] : []), 'wasm32-unknown-unknown', 'release', 'chess_movegen_wasm.wasm');
const out = join(root, 'src', 'chess_movegen.wasm');
copyFileSync(built, out);
const size = statSync(out).size;
const gz = gzipSync(readFileSync(out), { level: 9 }).length;
console.log(`${out}: ${size} bytes, ${gz} bytes gzipped (${magic ? 'magic tables' : 'small tables'})`);
