// The package's entry in Node: the module is read and compiled
// synchronously, so this file has no top-level await and
// `require('chess-movegen')` works where Node can require ES modules
// (20.19 and 22.12 on), as `import` does everywhere.
import { readFileSync } from 'node:fs';
import { attach } from './wasm.js';

const bytes = readFileSync(new URL('./chess_movegen.wasm', import.meta.url));
attach(new WebAssembly.Instance(new WebAssembly.Module(bytes), {}));

import * as api from './api.js';

export * from './api.js';
// The exports as one object too, as `import chess from 'chess.js'` gives
// chess.js's CommonJS exports in Node.
export default api;
