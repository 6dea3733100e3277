import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { code, MAX_PER_PAGE, newId, type ReportDetailResponse } from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../middleware/guard.js';
import { KB, limitBody, readJson } from '../middleware/body.js';
import { parseOr422 } from '../lib/http-error.js';
import { reportDetail } from '../services/report-detail.js';
import { planJobs, runJobAction, type JobMutation } from './job-actions.js';
import type { SyncDeps } from './routes.js';

/** A job action's body: an object, whose fields the mutation's own schema judges. */
const actionBody = z.record(z.string(), z.unknown());

/** The bulk plan: the reports, and the plan fields `report.set_job` takes. */
const bulkPlanBody = z.looseObject({
  report_ids: z.array(z.unknown()).refine((ids) => ids.length >= 1 && ids.length <= MAX_PER_PAGE, {
    message: code('report_ids_size'),
    params: { max: MAX_PER_PAGE },
  }),
});

/**
 * Decision 028's job actions over REST (docs/api.md, "Jobs over REST"): each is the push's
 * mutation, run by the push's own handler (job-actions.ts), which is why these routes live
 * beside the push and not with the report screens' reads (routes/ import nothing of sync/). The
 * table decides who may, so every school role passes the guard. The event's id may come from
 * the client, so a resent request changes nothing; without one the server makes it. Each
 * answers the report's detail, as `GET /api/reports/:id` would.
 */
export function jobRoutes({ db, guard, clock }: SyncDeps) {
  const app = new Hono<AppEnv>();

  const jobAction = (
    name: JobMutation,
    args: (id: string, body: Record<string, unknown>) => Record<string, unknown>,
    created = false,
  ) =>
    [
      guard('reports.job'),
      limitBody(16 * KB),
      async (c: Context<AppEnv>) => {
        const id = c.req.param('id') ?? '';
        const body = parseOr422(actionBody, await readJson(c));
        const actor = schoolActor(c);
        await runJobAction(db, actor, clock, name, args(id, body));
        const data = await reportDetail(db, actor, id);
        return c.json({ data } satisfies ReportDetailResponse, created ? 201 : 200);
      },
    ] as const;
  const withEvent = (id: string, body: Record<string, unknown>) => ({
    event_id: newId(),
    ...body,
    id,
  });

  app.patch('/api/reports/:id/job', ...jobAction('report.set_job', withEvent));
  app.post('/api/reports/:id/status', ...jobAction('report.set_status', withEvent));
  app.post('/api/reports/:id/hand-back', ...jobAction('report.hand_back', withEvent));
  app.post(
    '/api/reports/:id/comments',
    ...jobAction('comment.create', (id, body) => ({ id: newId(), ...body, report_id: id }), true),
  );

  app.post('/api/reports/jobs', guard('reports.job'), limitBody(64 * KB), async (c) => {
    const { report_ids: ids, ...plan } = parseOr422(bulkPlanBody, await readJson(c));
    // Each report's event is a row of its own, so each gets its own id, whatever was sent.
    const plans = ids.map((id) => ({ ...plan, event_id: newId(), id }));
    return c.json({ data: await planJobs(db, schoolActor(c), clock, plans) });
  });

  return app;
}
