// The package's entry for browsers and bundlers: fetches the module next
// to this file, then gives api.js's exports. (In Node the package resolves
// to node.js, which loads it synchronously, so that require() works too;
// this file also runs in Node, reading the file.)
import { attach } from './wasm.js';

const wasmUrl = new URL('./chess_movegen.wasm', import.meta.url);

async function wasmBytes() {
  if (typeof process === 'object' && process.versions && process.versions.node && wasmUrl.protocol === 'file:') {
    const fs = await import(/* webpackIgnore: true */ 'node:fs/promises');
    return fs.readFile(wasmUrl);
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`cannot load ${wasmUrl}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

attach((await WebAssembly.instantiate(await wasmBytes(), {})).instance);

import * as api from './api.js';

export * from './api.js';
// The exports as one object too, as `import chess from 'chess.js'` gives
// chess.js's CommonJS exports in Node.
export default api;
