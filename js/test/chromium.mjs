// Shared by the browser tests (no tests of its own): Debian's Chromium,
// headless, driven by playwright-core, and a static server for its pages.
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium } from 'playwright-core';

export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
/** The reason to skip a browser test, or false. */
export const noChromium = !existsSync(chromiumPath) && `no ${chromiumPath}`;

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

/**
 * A static server for the folder `root` on a free port of 127.0.0.1;
 * `pages` maps a path to an HTML text served as it is, `types` a file
 * extension to the content type it is sent with instead of the usual
 * one. Resolves to the server; its URL is `origin(server)`.
 */
export function serve(root, pages = {}, types = {}) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x').pathname;
    if (pages[url] !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html' }).end(pages[url]);
      return;
    }
    const path = normalize(join(root, decodeURIComponent(url)));
    if (!path.startsWith(root.endsWith(sep) ? root : root + sep) || !existsSync(path) || !extname(path)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(path)] ?? TYPES[extname(path)] ?? 'application/octet-stream' });
    res.end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** The origin of a server made by `serve`. */
export const origin = (server) => `http://127.0.0.1:${server.address().port}`;

/**
 * Runs `use(browser)` with headless Chromium on a fresh profile, closed
 * (and the profile removed) afterwards.
 */
export async function withChromium(use) {
  // Playwright passes the profile as --user-data-dir.
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  let browser;
  try {
    browser = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      viewport: { width: 1100, height: 820 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    return await use(browser);
  } finally {
    await browser?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
