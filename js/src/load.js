// How the browser entries (index.js, core.js) load their module: fetched
// from next to the entry, or read from the file when they run in Node.
// (Node's entries, node.js and core-node.js, read it synchronously.)
import { attach } from './wasm.js';

async function wasmBytes(url) {
  if (typeof process === 'object' && process.versions && process.versions.node && url.protocol === 'file:') {
    const fs = await import(/* webpackIgnore: true */ 'node:fs/promises');
    return fs.readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** Instantiates the module at `url` and hands it to api.js. */
export async function load(url) {
  attach((await WebAssembly.instantiate(await wasmBytes(url), {})).instance);
}
