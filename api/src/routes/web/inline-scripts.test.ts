import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { securityHeaders } from '../../middleware/security.js';
import { inlineScriptHashes } from './inline-scripts.js';

const THEME = "(() => { document.documentElement.dataset.theme = 'light'; })();";
const LOGIN_ONLY = 'console.log("login");';
const sha = (script: string) =>
  `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

let dist: string;

function write(relative: string, content: string): void {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-inline-'));
  write(
    'index.html',
    `<html><head><script>${THEME}</script>` +
      '<script type="module" crossorigin src="/assets/index-a1.js"></script></head></html>',
  );
  write(
    'login/index.html',
    `<html><head><script>${THEME}</script><script>${LOGIN_ONLY}</script></head></html>`,
  );
  write('assets/index-a1.js', '<script>not a page</script>');
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

describe("the built pages' inline scripts", () => {
  it('are allowed by the hash of each, once, and scripts loaded by src are not counted', () => {
    expect(inlineScriptHashes(dist).sort()).toEqual([sha(THEME), sha(LOGIN_ONLY)].sort());
  });

  it('are none before the web app is built', () => {
    expect(inlineScriptHashes(undefined)).toEqual([]);
    expect(inlineScriptHashes(path.join(dist, 'nope'))).toEqual([]);
  });

  it("join the CSP's script-src beside 'self', never as 'unsafe-inline'", async () => {
    const app = new Hono();
    app.use('*', securityHeaders(false, inlineScriptHashes(dist)));
    app.get('/', (c) => c.text('ok'));
    const policy = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1]?.split(' ') ?? [];
    // Exactly these: no 'unsafe-inline', no other source.
    expect(scriptSrc.sort()).toEqual(["'self'", sha(THEME), sha(LOGIN_ONLY)].sort());
  });
});
