// How the browser entries (index.js, core.js) load their module: fetched
// from next to the entry and compiled as it downloads, or read from the
// file where a Node-like runtime resolves a browser entry (a test runner's
// browser-like environment). Node's own entries, node.js and core-node.js,
// read it synchronously.
import { attach } from './wasm.js';

// Named by a variable, so that bundlers leave the import alone (esbuild
// cannot resolve a Node module for the browser; Vite and webpack warn on
// an expression, hence their comments).
const NODE_FS = 'node:fs/promises';

async function instantiate(url) {
  if (typeof process === 'object' && process.versions?.node && url.protocol === 'file:') {
    const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_FS);
    return WebAssembly.instantiate(await fs.readFile(url), {});
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  // Streaming compilation needs the server to name the type.
  if (typeof WebAssembly.instantiateStreaming === 'function' && response.headers.get('content-type')?.startsWith('application/wasm')) {
    return WebAssembly.instantiateStreaming(response, {});
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), {});
}

/** Instantiates the module at `url` and hands it to api.js. */
export async function load(url) {
  attach((await instantiate(url)).instance);
}
