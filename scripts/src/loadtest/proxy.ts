import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

/*
 * The round-robin proxy in front of the API processes. A maintained package was the first
 * choice: http-proxy-3 (the maintained rewrite) needs Node 22 and this project runs on 20;
 * http-proxy 1.18 has had no release since 2020. So: node:http in, one undici Pool (kept-alive
 * connections) per process out, each request to the next process in turn, as nginx's default
 * upstream does, and on to the next one when a process is gone, as nginx's default
 * proxy_next_upstream does. When no process answers, a 502, as from nginx.
 */

/** Hop-by-hop headers (RFC 9110 7.6.1) are the proxy's own, never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

export interface RoundRobinProxy {
  port: number;
  close(): Promise<void>;
}

export async function startProxy(ports: readonly number[]): Promise<RoundRobinProxy> {
  const pools = ports.map((port) => new Pool(`http://127.0.0.1:${port}`, { connections: 64 }));
  let next = 0;
  const server = http.createServer((req, res) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers['x-forwarded-for'] = req.socket.remoteAddress ?? '127.0.0.1';
    const method = req.method ?? 'GET';
    const idempotent = method === 'GET' || method === 'HEAD';
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // Buffered, as nginx does (proxy_request_buffering), so it can go to another process.
      const body = idempotent ? null : Buffer.concat(chunks);
      const first = next++;
      const attempt = (tried: number): void => {
        const pool = pools[(first + tried) % pools.length];
        if (pool === undefined) throw new Error('no API process behind the proxy');
        pool
          .request({ path: req.url ?? '/', method, headers, body })
          .then(({ statusCode, headers: answer, body: answerBody }) => {
            const out: Record<string, string | string[]> = {};
            for (const [name, value] of Object.entries(answer)) {
              if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
            }
            res.writeHead(statusCode, out);
            answerBody.pipe(res);
          })
          .catch((err: unknown) => {
            // nginx's default proxy_next_upstream (error): the next process when this one
            // refused the connection (the request never reached it), or for a GET any error
            // before the answer began; a POST it may have applied is never sent twice.
            const refused = (err as { code?: string }).code === 'ECONNREFUSED';
            if ((refused || idempotent) && !res.headersSent && tried + 1 < pools.length) {
              attempt(tried + 1);
              return;
            }
            if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ message: 'bad gateway', code: 'bad_gateway' }));
          });
      };
      attempt(0);
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(pools.map((pool) => pool.close()));
    },
  };
}
