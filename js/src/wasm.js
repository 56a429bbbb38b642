// The WebAssembly module every call of api.js goes to. The entry that
// loaded it (index.js or core.js in browsers and bundlers, node.js or
// core-node.js in Node) hands it over with `attach` before anything else
// runs; api.js reads the live bindings.

/** The module's exports. */
export let w;
/** The handle of the game in the module that unchanged games share. */
export let SHARED;

/**
 * Takes the instantiated module. Only the first is kept: a program that
 * loads two entries still has one module, so every game's handle stays
 * valid (with the core module first, what only the full one has throws).
 */
export function attach(instance) {
  if (w) return;
  w = instance.exports;
  SHARED = w.session_new();
}
