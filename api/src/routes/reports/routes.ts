import { Hono } from 'hono';
import { z } from 'zod';
import {
  reportExportQuerySchema,
  reportListQuerySchema,
  roleSchema,
  type ReportDetailResponse,
} from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { parseOr422 } from '../../lib/http-error.js';
import { publicOrigin } from '../../lib/public-origin.js';
import { xlsxResponse } from '../../lib/xlsx-stream.js';
import { exportReports } from '../../services/report-export.js';
import { reportDetail } from '../../services/report-detail.js';
import { listReports, reportCountsByUser } from '../../services/report-list.js';
import type { RouteDeps } from '../deps.js';

const explorerQuery = z.object({
  role: z.preprocess((v) => (v === '' ? undefined : v), roleSchema.optional()),
});

/**
 * The admin's report screens read here, online: the list with filters and paging, the role
 * explorer, and the Excel export. Staff see their own reports from the device (sync pull);
 * any signed-in user may open one report's detail here, including someone else's.
 */
export function reportRoutes({ db, env, guard, clock, now }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/reports', guard('reports.list'), async (c) => {
    const query = parseOr422(reportListQuerySchema, c.req.query());
    return c.json(await listReports(db, schoolActor(c).schoolId, query, { now: now(), clock }));
  });

  app.get('/api/reports/by-role', guard('reports.list'), async (c) => {
    const { role } = parseOr422(explorerQuery, c.req.query());
    return c.json({ data: await reportCountsByUser(db, schoolActor(c).schoolId, role) });
  });

  app.get('/api/reports/export', guard('reports.list'), (c) => {
    const query = parseOr422(reportExportQuerySchema, c.req.query());
    const { origin } = publicOrigin(c, env.TRUST_PROXY);
    return xlsxResponse(c, exportReports(db, schoolActor(c).schoolId, query, clock, origin, now()));
  });

  // After the fixed paths above, so `by-role` and `export` never read as an id.
  app.get('/api/reports/:id', guard('reports.detail'), async (c) =>
    c.json({
      data: await reportDetail(db, schoolActor(c), c.req.param('id')),
    } satisfies ReportDetailResponse),
  );

  return app;
}
