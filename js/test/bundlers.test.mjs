// The package as an application that bundles it gets it: packed,
// installed by name into an application of its own (test/bundle: a page
// script per entry, `chess-movegen` and `chess-movegen/core`), bundled by
// Vite (its build and its dev server), webpack 5 and esbuild with the
// settings js/README.md gives, and each page run in headless Chromium,
// where it must answer as the package does in Node.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build as viteBuild, createServer as viteServer } from 'vite';
import webpack from 'webpack';
import { build as esbuild } from 'esbuild';
import { Chess, readPgn } from 'chess-movegen';
import { noChromium, origin, serve, withChromium } from './chromium.mjs';
import { scenario } from './bundle/scenario.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRIES = ['full', 'core'];
// The page each bundle runs in: its script, and where it writes its answer.
const page = (script) => `<!doctype html><title>bundle</title><pre id="out"></pre><script type="module" src="${script}"></script>`;
// The pages served beside the bundles of webpack and esbuild, which make none.
const BARE_PAGES = Object.fromEntries(ENTRIES.map((e) => [`/${e}.html`, page(`./${e}.js`)]));

let app;

before(() => {
  app = mkdtempSync(join(tmpdir(), 'chess-movegen-app-'));
  const tarball = join(app, execFileSync('npm', ['pack', '--silent', '--pack-destination', app], { cwd: root, encoding: 'utf8' }).trim());
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', tarball], { cwd: app, stdio: 'ignore' });
  cpSync(join(root, 'test', 'bundle'), app, { recursive: true });
  for (const entry of ENTRIES) writeFileSync(join(app, `${entry}.html`), page(`./${entry}.js`));
});

after(() => rmSync(app, { recursive: true, force: true }));

/** What each entry's page must show: the scenario run here, in Node (the core module's PGN reading throws). */
function expected(entry) {
  const answer = scenario(Chess, readPgn);
  if (entry === 'core') {
    answer.tree = "Reading PGN (loadPgn, readPgn) needs the full module: import from 'chess-movegen', not 'chess-movegen/core' (a program has the module of the entry it loads first)";
  }
  return answer;
}

/** Opens each entry's page at `base` and compares its answer; no page error, no failed request. */
async function checkPages(base) {
  await withChromium(async (browser) => {
    for (const entry of ENTRIES) {
      const tab = await browser.newPage();
      const errors = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      tab.on('response', (r) => r.status() >= 400 && errors.push(`HTTP ${r.status()} ${r.url()}`));
      await tab.goto(`${base}/${entry}.html`);
      await tab.waitForFunction(() => document.getElementById('out').textContent !== '', null, { timeout: 20000 });
      assert.deepEqual(JSON.parse(await tab.textContent('#out')), expected(entry), `${entry} at ${base}`);
      assert.deepEqual(errors, [], `${entry} at ${base}`);
      await tab.close();
    }
  });
}

/** Serves the folder `dir` (the pages made for bundlers without HTML of their own) and checks the pages. */
async function checkBuild(dir, pages = {}) {
  const server = await serve(dir, pages);
  try {
    await checkPages(origin(server));
  } finally {
    server.close();
  }
}

// Vite's default targets predate top-level await, which the entries
// use to load their module before the first `new Chess()`; its
// dependency pre-bundling would move the entry away from its module.
const VITE = { build: { target: 'es2022' }, optimizeDeps: { exclude: ['chess-movegen'] } };

test('Vite: a production build', { skip: noChromium }, async () => {
  const outDir = join(app, 'vite-dist');
  await viteBuild({
    root: app,
    configFile: false,
    logLevel: 'silent',
    ...VITE,
    build: { ...VITE.build, outDir, rollupOptions: { input: Object.fromEntries(ENTRIES.map((e) => [e, join(app, `${e}.html`)])) } },
  });
  // Each module is copied once, as an asset of its own.
  assert.deepEqual(readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.wasm')).map((f) => f.replace(/-[\w-]+\.wasm$/, '')).sort(), ['chess_movegen', 'chess_movegen_core']);
  await checkBuild(outDir);
});

test('Vite: the dev server', { skip: noChromium }, async () => {
  const server = await viteServer({ root: app, configFile: false, logLevel: 'silent', ...VITE, server: { host: '127.0.0.1', port: 0 } });
  await server.listen();
  try {
    await checkPages(server.resolvedUrls.local[0].replace(/\/$/, ''));
  } finally {
    await server.close();
  }
});

test('webpack 5: a production build, no configuration beyond the entries', { skip: noChromium }, async () => {
  const outDir = join(app, 'webpack-dist');
  const stats = await new Promise((resolve, reject) => {
    webpack({
      mode: 'production',
      context: app,
      entry: Object.fromEntries(ENTRIES.map((e) => [e, `./${e}.js`])),
      output: { path: outDir },
    }, (err, result) => (err ? reject(err) : resolve(result)));
  });
  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
  assert.deepEqual([...errors, ...warnings].map((e) => e.message), []);
  await checkBuild(outDir, BARE_PAGES);
});

test('esbuild: a bundle, with the modules copied beside it', { skip: noChromium }, async () => {
  const outDir = join(app, 'esbuild-dist');
  const result = await esbuild({
    absWorkingDir: app,
    entryPoints: ENTRIES.map((e) => `./${e}.js`),
    bundle: true,
    format: 'esm',
    outdir: outDir,
    logLevel: 'silent',
  });
  assert.deepEqual([...result.errors, ...result.warnings], []);
  // esbuild leaves `new URL('./….wasm', import.meta.url)` as it is: the
  // modules go next to the bundles.
  for (const file of ['chess_movegen.wasm', 'chess_movegen_core.wasm']) {
    cpSync(join(app, 'node_modules', 'chess-movegen', 'src', file), join(outDir, file));
  }
  await checkBuild(outDir, BARE_PAGES);
});
