import fs from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../../middleware/guard.js';
import type { RouteDeps } from '../deps.js';

const PLACEHOLDER = `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>URS</title></head>
<body><h1>URS</h1><p>Aplikasi web belum dibangun. Jalankan <code>npm start</code> dari akar repositori.</p></body></html>`;

/** Year-long caching is safe only where the file name changes with the content (Vite's hash). */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;

/** The variants the web build writes beside each text file (vite-plugin-compression2). */
const COMPRESSED_VARIANT = /\.(?:br|gz)$/;

/**
 * Serves the built PWA beside the API so one port is enough. Hashed assets are cached for a
 * year; the service worker, manifest and index.html are revalidated on every load so an update
 * is seen at once. Any other GET outside /api answers index.html: the client router owns paths.
 */
export function webRoutes({ env }: RouteDeps) {
  return staticWebApp(env.WEB_DIST_DIR);
}

/**
 * The build writes a brotli and a gzip copy beside every text file; `precompressed` picks the
 * best one the browser accepts (br before gzip), so nothing is compressed per request.
 */
export function staticWebApp(root: string | undefined) {
  const app = new Hono<AppEnv>();
  const indexFile = root === undefined ? undefined : path.join(root, 'index.html');

  if (root === undefined || indexFile === undefined || !fs.existsSync(indexFile)) {
    app.get('*', (c) => c.html(PLACEHOLDER));
    return app;
  }

  const cacheHeaders = (filePath: string, c: Context<AppEnv>) => {
    const immutable = filePath.includes(HASHED_ASSETS);
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    // The server only appends Vary when it picked a variant; a cache in between must also
    // know that the identity answer (to a client without br or gzip) depends on the header.
    if (c.res.headers.get('Vary') === null && hasCompressedVariant(filePath)) {
      c.header('Vary', 'Accept-Encoding');
    }
  };

  app.use('*', serveStatic({ root, precompressed: true, onFound: cacheHeaders }));
  app.get(
    '*',
    serveStatic({ root, path: 'index.html', precompressed: true, onFound: cacheHeaders }),
  );
  return app;
}

function hasCompressedVariant(filePath: string): boolean {
  if (COMPRESSED_VARIANT.test(filePath)) return true;
  return fs.existsSync(`${filePath}.br`) || fs.existsSync(`${filePath}.gz`);
}
