import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { serve, type ServerType } from '@hono/node-server';
import { limitBody, readJson } from './body.js';
import { onError } from './errors.js';

/** A route behind a 100-byte ceiling that echoes the JSON it read, as the push route reads it. */
function echoApp() {
  const app = new Hono();
  let handled = 0;
  app.post('/echo', limitBody(100), async (c) => {
    handled++;
    return c.json({ echoed: await readJson(c) });
  });
  app.onError(onError);
  return { app, handled: () => handled };
}

const small = { note: 'x'.repeat(50) };
const within = JSON.stringify(small);
const beyond = JSON.stringify({ note: 'x'.repeat(150) });

interface Answer {
  status: number;
  body: unknown;
}

/** One request over a real socket; `chunks` sent one by one make Node send them chunked. */
function post(port: number, headers: http.OutgoingHttpHeaders, chunks: string[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { port, host: '127.0.0.1', method: 'POST', path: '/echo', headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

describe('limitBody through @hono/node-server', () => {
  const echo = echoApp();
  let server: ServerType;
  let port = 0;
  beforeAll(async () => {
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: echo.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const json = (length?: number) => ({
    'content-type': 'application/json',
    ...(length !== undefined && { 'content-length': String(length) }),
  });

  it('reads a body whose declared length is within the limit', async () => {
    const answer = await post(port, json(Buffer.byteLength(within)), [within]);
    expect(answer).toEqual({ status: 200, body: { echoed: small } });
  });

  it('answers 413 with the reason for a declared length past the limit, before the route runs', async () => {
    const before = echo.handled();
    const answer = await post(port, json(Buffer.byteLength(beyond)), [beyond]);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'too_large' });
    expect(echo.handled()).toBe(before);
  });

  it('counts a chunked body as it streams: within the limit read, past it 413', async () => {
    const ok = await post(port, json(), [within.slice(0, 20), within.slice(20)]);
    expect(ok).toEqual({ status: 200, body: { echoed: small } });
    const before = echo.handled();
    const refused = await post(port, json(), [beyond.slice(0, 60), beyond.slice(60)]);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ code: 'too_large' });
    expect(echo.handled()).toBe(before);
  });
});

describe('limitBody in process', () => {
  const { app } = echoApp();

  it('counts a body that declares no length, as a bare in-process request sends it', async () => {
    const refused = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: beyond,
    });
    expect(refused.status).toBe(413);
    const ok = await app.request('/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: within,
    });
    expect(await ok.json()).toEqual({ echoed: small });
  });
});
