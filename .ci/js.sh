#!/usr/bin/env bash
# CI for the npm package in js/: the wasm32 target through rustup, the
# Node packages from package-lock.json, Debian's Chromium for the browser
# test, then the package's build and `npm test` (Node tests side by side
# with chess.js and chessops, and the demo page in headless Chromium).
set -euo pipefail
SECONDS=0
cd "$(dirname "$0")/../js"

echo "[${SECONDS} s] == wasm32-unknown-unknown target"
rustup target add wasm32-unknown-unknown

if ! command -v chromium >/dev/null 2>&1; then
  echo "[${SECONDS} s] == chromium (Debian package, for the browser test)"
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi

echo "[${SECONDS} s] == npm ci"
npm ci --no-audit --no-fund

echo "[${SECONDS} s] == npm run build (the library with small-tables, to WebAssembly)"
npm run build

echo "[${SECONDS} s] == the package's .wasm stays small"
node -e "
const { readFileSync } = require('node:fs');
const gz = require('node:zlib').gzipSync(readFileSync('src/chess_movegen.wasm'), { level: 9 }).length;
console.log('gzipped .wasm:', gz, 'bytes');
// The goal is 60000 (js/README.md: not met yet); this guards what is reached.
if (gz > 74600) { console.error('the .wasm grew past 74.6 KB gzipped'); process.exit(1); }
"

echo "[${SECONDS} s] == npm test (chess.js, chessops, headless Chromium)"
npm test

echo "[${SECONDS} s] == the packed package installed as a user installs it: import, and require()"
tarball="$PWD/$(npm pack --silent)"
user="$(mktemp -d)"
(cd "$user" && npm init -y >/dev/null && npm install --no-audit --no-fund "$tarball" >/dev/null \
  && node --input-type=module -e "import { Chess } from 'chess-movegen'; const c = new Chess(); c.move('e4'); if (c.moves().length !== 20) process.exit(1);" \
  && node -e "const { Chess } = require('chess-movegen'); const c = new Chess(); c.move('e4'); if (c.moves().length !== 20) process.exit(1);")
rm -rf "$user" "$tarball"

echo "[${SECONDS} s] == the wasm crate: fmt and clippy (native, and wasm32, where it is no_std with its own allocator)"
(cd wasm && cargo fmt --check && cargo clippy --all-targets -- -D warnings \
  && cargo clippy --target wasm32-unknown-unknown -- -D warnings)

echo "[${SECONDS} s] == js.sh done"
