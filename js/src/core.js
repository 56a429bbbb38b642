// `chess-movegen/core` for browsers and bundlers: index.js with the core
// module, the full one without PGN reading, PGN trees and Polyglot keys
// (a smaller download; js/README.md).
import { load } from './load.js';

await load(new URL('./chess_movegen_core.wasm', import.meta.url));

import * as api from './api.js';

export * from './api.js';
export default api;
