import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { securityHeaders } from '../../middleware/security.js';
import { makeTestApp } from '../../test/harness.js';
import { inlineScriptHashes, liveInlineScriptHashes } from './inline-scripts.js';

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

  it('are looked at again at most once a second, not on every answer', () => {
    let clock = 0;
    const hashes = liveInlineScriptHashes(dist, () => clock);
    expect(hashes()).toContain(sha(THEME));
    const rebuilt = "(() => { document.documentElement.dataset.theme = 'dark'; })();";
    write('index.html', `<html><head><script>${rebuilt}</script></head></html>`);
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(dist, 'index.html'), later, later);
    const stat = vi.spyOn(fs, 'statSync');
    clock = 999;
    expect(hashes()).toContain(sha(THEME));
    expect(stat).not.toHaveBeenCalled();
    clock = 1_000;
    expect(hashes()).toContain(sha(rebuilt));
    stat.mockRestore();
  });

  it('follow a rebuild while the server runs: the page sent is allowed by its own hash', async () => {
    const app = await makeTestApp({ WEB_DIST_DIR: dist });
    try {
      const page = async () => {
        const res = await app.request('/');
        const policy = res.headers.get('content-security-policy') ?? '';
        return { html: await res.text(), scriptSrc: /script-src ([^;]*)/.exec(policy)?.[1] ?? '' };
      };
      expect((await page()).scriptSrc).toContain(sha(THEME));

      // `vite build` writes index.html anew (its boot script names the new assets) while the
      // server keeps running; the file's time moves on even where the clock is coarse.
      const rebuilt = "(() => { document.documentElement.dataset.theme = 'cream'; })();";
      write('index.html', `<html><head><script>${rebuilt}</script></head></html>`);
      const later = new Date(Date.now() + 5_000);
      fs.utimesSync(path.join(dist, 'index.html'), later, later);

      // The files are looked at again at most once a second, so a request does not pay a stat.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 1_500);
      const after = await page();
      expect(after.html).toContain(rebuilt);
      expect(after.scriptSrc).toContain(sha(rebuilt));
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });
});
