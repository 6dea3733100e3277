import { Hono } from 'hono';
import {
  reason,
  roundPeriodQuerySchema,
  roundTemplateCreateSchema,
  roundTemplateInputSchema,
  z,
} from '@urs/sync-protocol';
import { schoolActor, type AppEnv } from '../../middleware/guard.js';
import { KB, limitBody, readJson } from '../../middleware/body.js';
import { parseOr422, validationError } from '../../lib/http-error.js';
import { localDate } from '../../lib/school-time.js';
import { RoundTemplateService } from '../../services/round-templates.js';
import {
  exportCompliance,
  roundCalendar,
  roundCompliance,
} from '../../services/round-compliance.js';
import { xlsxResponse } from '../../lib/xlsx-stream.js';
import type { RouteDeps } from '../deps.js';

/**
 * Rounds for the admin (docs/decisions/030-rounds.md): the templates. Staff read templates and
 * push completions through the sync; nothing here is theirs.
 */
export function roundRoutes(deps: RouteDeps) {
  const { guard, db, clock, now } = deps;
  const templates = new RoundTemplateService(db);
  const today = () => localDate(now(), clock);
  const app = new Hono<AppEnv>();
  const base = '/api/rounds/templates';

  app.get(base, guard('rounds.manage'), async (c) => {
    const archived = c.req.query('archived') === 'true';
    return c.json({ data: await templates.list(schoolActor(c).schoolId, archived) });
  });
  app.get(`${base}/:id`, guard('rounds.manage'), async (c) =>
    c.json(await templates.get(schoolActor(c).schoolId, c.req.param('id'))),
  );
  app.post(base, guard('rounds.manage'), limitBody(64 * KB), async (c) => {
    const input = parseOr422(roundTemplateCreateSchema, await readJson(c));
    return c.json({ data: await templates.create(schoolActor(c), input, today()) }, 201);
  });
  app.put(`${base}/:id`, guard('rounds.manage'), limitBody(64 * KB), async (c) => {
    const input = parseOr422(roundTemplateInputSchema, await readJson(c));
    return c.json({
      data: await templates.update(schoolActor(c), c.req.param('id'), input, today()),
    });
  });
  app.post(`${base}/:id/pause`, guard('rounds.manage'), async (c) =>
    c.json({ data: await templates.pause(schoolActor(c).schoolId, c.req.param('id'), today()) }),
  );
  app.post(`${base}/:id/resume`, guard('rounds.manage'), async (c) =>
    c.json({ data: await templates.resume(schoolActor(c).schoolId, c.req.param('id'), today()) }),
  );
  app.delete(`${base}/:id`, guard('rounds.manage'), async (c) => {
    await templates.archive(schoolActor(c).schoolId, c.req.param('id'), today());
    return c.json({ message: 'Data berhasil dihapus.' });
  });
  // Compliance (decision 030): a period's counts, and a month's calendar.
  app.get('/api/rounds/compliance', guard('rounds.manage'), async (c) => {
    const q = parseOr422(roundPeriodQuerySchema, c.req.query());
    const answer = await roundCompliance(
      db,
      schoolActor(c).schoolId,
      q.from,
      q.to,
      now().getTime(),
      clock.offsetMinutes,
    );
    return c.json(answer);
  });
  app.get('/api/rounds/compliance/export', guard('rounds.manage'), async (c) => {
    const q = parseOr422(roundPeriodQuerySchema, c.req.query());
    const at = now();
    return xlsxResponse(
      c,
      await exportCompliance(db, schoolActor(c).schoolId, q.from, q.to, at, clock),
    );
  });
  app.get('/api/rounds/calendar', guard('rounds.manage'), async (c) => {
    const month = MONTH.safeParse(c.req.query('month'));
    if (!month.success) throw validationError({ month: [reason('date_invalid')] });
    const answer = await roundCalendar(
      db,
      schoolActor(c).schoolId,
      month.data,
      now().getTime(),
      clock.offsetMinutes,
    );
    return c.json(answer);
  });
  return app;
}

const MONTH = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
