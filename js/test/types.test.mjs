// The TypeScript declarations (src/index.d.ts) compile, strict, against a
// program written for chess.js's types, and every public member of
// chess.js's declared Chess and Move has a compatible one here
// (test/types/).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

test('the type declarations compile against chess.js programs and chess.js\'s own declarations', () => {
  let output = '';
  try {
    execFileSync(process.execPath, [tsc, '-p', join(here, 'types')], { encoding: 'utf8' });
  } catch (err) {
    output = `${err.stdout}${err.stderr}`;
  }
  assert.equal(output, '');
});
