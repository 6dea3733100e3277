import { Hono } from 'hono';
import type { AppEnv } from '../../middleware/guard.js';
import type { RouteDeps } from '../deps.js';

export function healthRoutes({ db }: RouteDeps) {
  const app = new Hono<AppEnv>();
  /** 200 only when the database answers a query; a load balancer can rely on it. */
  app.get('/api/health', async (c) => {
    try {
      await db.ping();
    } catch (err) {
      console.error('[api] health check: database unreachable', err);
      return c.json({ status: 'error', database: 'unreachable' }, 503);
    }
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', database: 'ok', time: new Date().toISOString() });
  });
  return app;
}
