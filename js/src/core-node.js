// `chess-movegen/core` in Node: node.js with the core module (the full
// one without PGN reading, PGN trees and Polyglot keys; js/README.md).
import { readFileSync } from 'node:fs';
import { attach } from './wasm.js';

const bytes = readFileSync(new URL('./chess_movegen_core.wasm', import.meta.url));
attach(new WebAssembly.Instance(new WebAssembly.Module(bytes), {}));

import * as api from './api.js';

export * from './api.js';
export default api;
