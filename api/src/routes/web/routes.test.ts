import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staticWebApp } from './routes.js';

const SCRIPT = 'console.log("urs");'.repeat(200);
const HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const SW = 'self.addEventListener("fetch", () => {});';

let dist: string;

function write(relative: string, content: string | Buffer): void {
  const file = path.join(dist, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** What `vite build` leaves: each text file with its brotli and gzip copies beside it. */
function writeWithVariants(relative: string, content: string): void {
  write(relative, content);
  write(`${relative}.br`, brotliCompressSync(content));
  write(`${relative}.gz`, gzipSync(content));
}

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-web-dist-'));
  writeWithVariants('index.html', HTML);
  writeWithVariants('assets/index-a1b2c3d4.js', SCRIPT);
  write('sw.js', SW);
  write('icons/icon-192.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

const get = (url: string, acceptEncoding?: string) =>
  staticWebApp(dist).request(url, {
    headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding },
  });

async function bytesOf(res: Response): Promise<Buffer> {
  return Buffer.from(await res.arrayBuffer());
}

describe('built web app', () => {
  it('sends the brotli copy of a script to a browser that accepts br, marked and varied', async () => {
    const res = await get('/assets/index-a1b2c3d4.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(await bytesOf(res)).toString()).toBe(SCRIPT);
  });

  it('falls back to gzip for a client without brotli', async () => {
    const res = await get('/assets/index-a1b2c3d4.js', 'gzip, deflate');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(res)).toString()).toBe(SCRIPT);
  });

  it('sends the plain file when no encoding is accepted, still telling caches it varies', async () => {
    const res = await get('/assets/index-a1b2c3d4.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect((await bytesOf(res)).toString()).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/index-a1b2c3d4.js', encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html and the service worker on every load', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/icons/icon-192.png']) {
      const res = await get(url, 'br, gzip');
      expect(res.status, url).toBe(200);
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
    }
  });

  it('answers a client route with the compressed index.html, uncached', async () => {
    const res = await get('/reports/018f0000-0000-7000-8000-000000000000', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(brotliDecompressSync(await bytesOf(res)).toString()).toBe(HTML);
  });

  it('answers a page the build wrote its own index.html for with that file, compressed and uncached', async () => {
    const loginHtml = HTML.replace(
      '<body>',
      '<head><link rel="modulepreload" href="/assets/login.js"></head><body>',
    );
    expect(loginHtml).not.toBe(HTML);
    writeWithVariants('login/index.html', loginHtml);
    for (const url of ['/login', '/login?redirect=%2Finventory']) {
      const res = await get(url, 'br, gzip');
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-encoding'), url).toBe('br');
      expect(res.headers.get('cache-control'), url).toBe('no-cache');
      expect(brotliDecompressSync(await bytesOf(res)).toString(), url).toBe(loginHtml);
    }
    const other = await get('/inventory', 'br');
    expect(brotliDecompressSync(await bytesOf(other)).toString()).toBe(HTML);
  });

  it('serves a file without variants as it is, with no Vary', async () => {
    const res = await get('/sw.js', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
    expect((await bytesOf(res)).toString()).toBe(SW);
  });
});

describe('before the web app is built', () => {
  it('answers every page with a hint to run npm start', async () => {
    const res = await staticWebApp(undefined).request('/login');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('npm start');
  });
});
