// The package's entry for browsers and bundlers: fetches the full module
// next to this file, then gives api.js's exports. (In Node the package
// resolves to node.js, which loads it synchronously, so that require()
// works too; this file also runs in Node, reading the file.)
import { load } from './load.js';

await load(new URL('./chess_movegen.wasm', import.meta.url));

import * as api from './api.js';

export * from './api.js';
// The exports as one object too, as `import chess from 'chess.js'` gives
// chess.js's CommonJS exports in Node.
export default api;
