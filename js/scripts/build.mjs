// Builds the WebAssembly modules from the Rust library (js/wasm, a cdylib
// over plain extern "C" exports, no bindings generator) and copies them
// to src/: chess_movegen.wasm, the full module, and
// chess_movegen_core.wasm, the core module (the same without PGN reading,
// PGN trees and Polyglot keys: the wasm crate's `full` feature). The two
// builds share the library's compiled code; only the wasm crate and the
// link are built twice. (binaryen's wasm-opt -Oz was measured: 1 %
// smaller, for a 104 MB dev dependency, so it is not used; the inline
// threshold is set in wasm/.cargo/config.toml.)
//
//   node scripts/build.mjs            the small-tables builds (the package's)
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
const tables = magic ? 'compact' : 'small-tables,compact';
const targetDir = join(crate, 'target', ...(magic ? ['magic'] : []));

for (const [name, features] of [['chess_movegen.wasm', `${tables},full`], ['chess_movegen_core.wasm', tables]]) {
  execFileSync('cargo', [
    'build', '--release', '--target', 'wasm32-unknown-unknown',
    '--config', `target.wasm32-unknown-unknown.rustflags=["--remap-path-prefix=${repo}=."]`,
    '--no-default-features', '--features', features, '--target-dir', targetDir,
  ], { cwd: crate, stdio: 'inherit' });
  const out = join(root, 'src', name);
  copyFileSync(join(targetDir, 'wasm32-unknown-unknown', 'release', 'chess_movegen_wasm.wasm'), out);
  const gz = gzipSync(readFileSync(out), { level: 9 }).length;
  console.log(`${out}: ${statSync(out).size} bytes, ${gz} bytes gzipped (${magic ? 'magic tables' : 'small tables'})`);
}
