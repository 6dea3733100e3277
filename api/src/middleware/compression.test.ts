import zlib from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { useSyncFixture } from '../sync/test-kit.js';
import { compressAnswers, pickEncoding } from './compression.js';

const decode = (bytes: Buffer, encoding: string | null): Buffer =>
  encoding === 'br'
    ? zlib.brotliDecompressSync(bytes)
    : encoding === 'gzip'
      ? zlib.gunzipSync(bytes)
      : bytes;

async function bodyOf(res: Response): Promise<unknown> {
  const bytes = Buffer.from(await res.arrayBuffer());
  return JSON.parse(decode(bytes, res.headers.get('Content-Encoding')).toString('utf8')) as unknown;
}

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['gzip;q=0', null],
    ['', null],
    [undefined, null],
  ])('%s answers %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('compressAnswers', () => {
  const big = { data: Array.from({ length: 200 }, (_, i) => ({ id: i, area: 'Toilet Gedung B' })) };
  const app = new Hono();
  app.use('*', compressAnswers({ thresholdBytes: 1024, brotliQuality: 5, gzipLevel: 6 }));
  app.get('/big', (c) => c.json(big));
  app.get('/small', (c) => c.json({ count: 3 }));
  app.get('/sheet', (c) =>
    c.body('x'.repeat(5000), 200, { 'Content-Type': 'application/vnd.ms-excel' }),
  );

  it('answers a large JSON in brotli when the client takes it, and it reads back the same', async () => {
    const res = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await res.clone().arrayBuffer());
    expect(Number(res.headers.get('Content-Length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(JSON.stringify(big).length / 4);
    expect(await bodyOf(res)).toEqual(big);
  });

  it('answers gzip to a client without brotli', async () => {
    const res = await app.request('/big', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(await bodyOf(res)).toEqual(big);
  });

  it('leaves an answer as it is for a client that takes no encoding, still saying it varies', async () => {
    const res = await app.request('/big');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(await res.json()).toEqual(big);
  });

  it('sends an answer under the threshold as it is', async () => {
    const res = await app.request('/small', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Content-Length')).toBe(String('{"count":3}'.length));
    expect(await res.json()).toEqual({ count: 3 });
  });

  it('passes what is not JSON untouched', async () => {
    const res = await app.request('/sheet', { headers: { 'Accept-Encoding': 'br' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(res.headers.get('Vary')).toBeNull();
    expect(await res.text()).toBe('x'.repeat(5000));
  });
});

describe('the API compresses where it pays', () => {
  const f = useSyncFixture('gardener', 'Taman Depan');

  it('a pull page travels in brotli and reads back as the plain answer does', async () => {
    await f.staff.push(
      ...Array.from({ length: 30 }, (_, i): [string, unknown] => [
        'report.create',
        {
          id: newId(),
          area_id: f.areaId,
          work_type: 'cleaning',
          description: `Menyapu dan mengepel lantai ruang ${i} sampai bersih`,
        },
      ]),
    );
    const path = '/api/sync/pull?cursor=0&limit=500';
    const plain = await f.t.request(path, { token: f.staff.token });
    const packed = await f.t.request(path, {
      token: f.staff.token,
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(packed.headers.get('Content-Encoding')).toBe('br');
    expect(packed.headers.get('Cache-Control')).toBe('no-store');
    const plainBody = (await plain.json()) as { changes: unknown[] };
    expect(plainBody.changes.length).toBeGreaterThan(30);
    expect(await bodyOf(packed)).toEqual(plainBody);
  });

  it('the unread-count poll is never compressed', async () => {
    const res = await f.t.request('/api/announcements/unread-count', {
      token: f.staff.token,
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toEqual({ count: 0, notifications: 0 });
  });
});
