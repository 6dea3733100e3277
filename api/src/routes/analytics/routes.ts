import { Hono } from 'hono';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { analyticsSnapshot } from '../../services/analytics.js';
import type { RouteDeps } from '../deps.js';

export function analyticsRoutes({ db, guard, clock }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.get('/api/analytics', guard('analytics.read'), async (c) =>
    c.json({ data: await analyticsSnapshot(db, schoolActor(c).schoolId, clock) }),
  );
  return app;
}
