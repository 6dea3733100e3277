import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId, type ReportDetail } from '@urs/sync-protocol';
import { reportEvents, reports } from '../db/schema.js';
import { jpegBytes, useSyncFixture } from './test-kit.js';

/*
 * The REST job routes' own answers (docs/api.md, "Jobs"): validation, a repeat, a taken id, the
 * after-photo rule and the bulk plan. Who may do what, on every status, is
 * jobs-transitions.test.ts, through the push and these routes alike.
 */

const f = useSyncFixture('technician', 'Kantin');

async function fileReport(withBeforePhoto = false): Promise<string> {
  const id = newId();
  const filed = await f.staff.push([
    'report.create',
    { id, area_id: f.areaId, work_type: 'repair', description: 'Keran bocor' },
  ]);
  expect(filed.results[0]).toMatchObject({ status: 'applied' });
  if (withBeforePhoto) await f.staff.attachPhoto(id, 'before', jpegBytes(900, 3));
  return id;
}

const send = (token: string, method: string, path: string, json?: unknown) =>
  f.t.request(path, { method, token, ...(json !== undefined && { json }) });

const eventsOf = (id: string) =>
  f.t.db.select().from(reportEvents).where(eq(reportEvents.reportId, id));

describe('the REST job routes', () => {
  it('plans a job and answers its detail with the timeline', async () => {
    const id = await fileReport();
    const res = await send(f.admin.token, 'PATCH', `/api/reports/${id}/job`, {
      priority: 'high',
      due_date: '2026-12-10',
      due_time: '09:30',
      assignee_id: null,
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: ReportDetail };
    expect(data).toMatchObject({
      id,
      priority: 'high',
      due_date: '2026-12-10',
      due_time: '09:30',
      assignee_id: null,
    });
    expect(data.events?.map((e) => e.kind)).toEqual(['job']);
  });

  it('refuses a malformed plan as the push does, with its field reasons, writing nothing', async () => {
    const id = await fileReport();
    const reasons = async (json: object) => {
      const res = await send(f.admin.token, 'PATCH', `/api/reports/${id}/job`, json);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { field_reasons: Record<string, { code: string }[]> };
      return body.field_reasons;
    };
    expect(await reasons({ priority: 'soon' })).toHaveProperty('priority');
    expect(await reasons({ due_date: null, due_time: '09:00' })).toEqual({
      due_time: [{ code: 'due_time_without_date' }],
    });
    expect(await eventsOf(id)).toEqual([]);
  });

  it('answers an unknown assignee 422, a missing report 404, a body that is not JSON 415', async () => {
    const id = await fileReport();
    const unknown = await send(f.admin.token, 'PATCH', `/api/reports/${id}/job`, {
      assignee_id: newId(),
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toMatchObject({ code: 'assignee_unknown' });
    const missing = await send(f.admin.token, 'POST', `/api/reports/${newId()}/status`, {
      status: 'in_progress',
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'report_not_found' });
    const notJson = await f.t.request(`/api/reports/${id}/hand-back`, {
      method: 'POST',
      token: f.staff.token,
      body: 'x',
    });
    expect(notJson.status).toBe(415);
  });

  it('takes a resent event id as done once; another user sending it is 409', async () => {
    const id = await fileReport();
    const eventId = newId();
    for (let i = 0; i < 2; i++) {
      const res = await send(f.staff.token, 'POST', `/api/reports/${id}/status`, {
        status: 'in_progress',
        event_id: eventId,
      });
      expect(res.status).toBe(200);
    }
    expect(await eventsOf(id)).toHaveLength(1);
    const taken = await send(f.admin.token, 'PATCH', `/api/reports/${id}/job`, {
      priority: 'low',
      event_id: eventId,
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'id_taken' });
    const comment = newId();
    const first = await send(f.staff.token, 'POST', `/api/reports/${id}/comments`, {
      id: comment,
      body: 'Mulai',
    });
    expect(first.status).toBe(201);
    const again = await send(f.staff.token, 'POST', `/api/reports/${id}/comments`, {
      id: comment,
      body: 'Mulai',
    });
    expect(again.status).toBe(201);
    expect((await eventsOf(id)).filter((e) => e.kind === 'comment')).toHaveLength(1);
  });

  it('refuses a completion without an after photo 409, then takes it with one', async () => {
    const id = await fileReport(true);
    const refused = await send(f.staff.token, 'POST', `/api/reports/${id}/status`, {
      status: 'completed',
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'after_photo_required',
      field_reasons: { status: [{ code: 'after_photo_required' }] },
    });
    await f.staff.attachPhoto(id, 'after', jpegBytes(900, 9));
    const done = await send(f.staff.token, 'POST', `/api/reports/${id}/status`, {
      status: 'completed',
    });
    expect(done.status).toBe(200);
    const [row] = await f.t.db.select().from(reports).where(eq(reports.id, id));
    expect(row?.status).toBe('completed');
    expect(row?.completedAt).not.toBeNull();
  });
});

describe('the bulk plan', () => {
  it('plans each report in its own step: a missing one is refused, the others planned', async () => {
    const [a, b] = [await fileReport(), await fileReport()];
    const missing = newId();
    const res = await send(f.admin.token, 'POST', '/api/reports/jobs', {
      report_ids: [a, missing, b],
      assignee_id: null,
      priority: 'urgent',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      data: [
        { id: a, status: 200 },
        { id: missing, status: 404, code: 'report_not_found' },
        { id: b, status: 200 },
      ],
    });
    for (const id of [a, b]) {
      const [row] = await f.t.db.select().from(reports).where(eq(reports.id, id));
      expect(row).toMatchObject({ assigneeId: null, priority: 'urgent' });
      // Each report's event has an id of its own.
      expect(await eventsOf(id)).toHaveLength(1);
    }
  });

  it('refuses no reports, too many, or a malformed plan as a whole with 422', async () => {
    const id = await fileReport();
    const tooMany = Array.from({ length: 101 }, () => id);
    for (const json of [
      { report_ids: [], priority: 'high' },
      { report_ids: tooMany, priority: 'high' },
      { report_ids: [id], priority: 'soon' },
      { report_ids: ['nope'], priority: 'high' },
    ]) {
      const res = await send(f.admin.token, 'POST', '/api/reports/jobs', json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(422);
    }
    const empty = await send(f.admin.token, 'POST', '/api/reports/jobs', { report_ids: [] });
    expect(await empty.json()).toMatchObject({ code: 'report_ids_size', params: { max: 100 } });
    expect(await eventsOf(id)).toEqual([]);
  });

  it("answers a staff member's plan 403 for each report, as the table says", async () => {
    const id = await fileReport();
    const res = await send(f.staff.token, 'POST', '/api/reports/jobs', {
      report_ids: [id],
      priority: 'urgent',
    });
    expect(await res.json()).toMatchObject({
      data: [{ id, status: 403, code: 'job_forbidden' }],
    });
  });
});
