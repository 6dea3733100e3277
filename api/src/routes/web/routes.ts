import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../../middleware/guard.js';
import type { RouteDeps } from '../deps.js';

const PLACEHOLDER = `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>URS</title></head>
<body><h1>URS</h1><p>Aplikasi web belum dibangun. Jalankan <code>npm start</code> dari akar repositori.</p></body></html>`;

/**
 * Serves the built PWA beside the API so one port is enough. Hashed assets are cached for a
 * year; the service worker, manifest and index.html are revalidated on every load so an update
 * is seen at once. Any other GET outside /api answers index.html: the client router owns paths.
 */
export function webRoutes({ env }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const root = env.WEB_DIST_DIR;
  const indexFile = root === undefined ? undefined : path.join(root, 'index.html');

  if (root === undefined || indexFile === undefined || !fs.existsSync(indexFile)) {
    app.get('*', (c) => c.html(PLACEHOLDER));
    return app;
  }

  app.use(
    '*',
    serveStatic({
      root,
      onFound: (filePath, c) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(fs.readFileSync(indexFile, 'utf8'));
  });
  return app;
}
