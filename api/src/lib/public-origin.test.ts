import fs from 'node:fs';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin.js';

/** The origin publicOrigin gives for a request to http://10.0.0.11:8787 with these headers. */
async function originOf(trustProxy: boolean, headers: Record<string, string> = {}) {
  const app = new Hono().get('/', (c) => c.text(publicOrigin(c, trustProxy).origin));
  return (await app.request('http://10.0.0.11:8787/', { headers })).text();
}

const behindProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'urs.sekolah.sch.id' };

describe('publicOrigin', () => {
  it("is the request's own origin unless the proxy is trusted", async () => {
    expect(await originOf(false)).toBe('http://10.0.0.11:8787');
    expect(await originOf(false, behindProxy)).toBe('http://10.0.0.11:8787');
    expect(await originOf(true)).toBe('http://10.0.0.11:8787');
  });

  it("takes the trusted proxy's scheme and host", async () => {
    expect(await originOf(true, behindProxy)).toBe('https://urs.sekolah.sch.id');
    expect(await originOf(true, { 'x-forwarded-proto': 'HTTPS' })).toBe('https://10.0.0.11:8787');
    expect(await originOf(true, { ...behindProxy, 'x-forwarded-host': 'urs.test:8443' })).toBe(
      'https://urs.test:8443',
    );
  });

  it('reads the last entry of a list, the one the trusted proxy wrote', async () => {
    expect(
      await originOf(true, {
        'x-forwarded-proto': 'http, https',
        'x-forwarded-host': 'evil.example, urs.sekolah.sch.id',
      }),
    ).toBe('https://urs.sekolah.sch.id');
  });

  it('ignores a forwarded value that is no scheme or no host', async () => {
    const refused: Record<string, string>[] = [
      { 'x-forwarded-proto': 'javascript' },
      { 'x-forwarded-host': 'evil.example/path' },
      { 'x-forwarded-host': 'user@evil.example' },
      { 'x-forwarded-host': '' },
    ];
    for (const headers of refused) {
      expect(await originOf(true, headers)).toBe('http://10.0.0.11:8787');
    }
  });

  it("reads the headers the README's proxy example sets and its TRUST_PROXY row names", () => {
    const readme = fs.readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const header of ['X-Forwarded-For', 'X-Forwarded-Proto', 'X-Forwarded-Host']) {
      expect(readme).toMatch(new RegExp(`^ *proxy_set_header ${header} \\$`, 'm'));
      expect(readme).toMatch(new RegExp(`^\\| \`TRUST_PROXY\` .*\`${header}\``, 'm'));
    }
  });
});
