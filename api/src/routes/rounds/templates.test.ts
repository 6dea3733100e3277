import { describe, expect, it } from 'vitest';
import { newId, type RoundTemplate } from '@urs/sync-protocol';
import { useSyncFixture } from '../../sync/test-kit.js';

/*
 * The admin's round templates over REST (docs/decisions/030-rounds.md): checked references,
 * versions on every save, pause and resume as school days, archive, staff kept out.
 */

const TODAY = '2026-12-03';
const f = useSyncFixture('gardener', 'Taman depan', {
  now: () => new Date(`${TODAY}T03:00:00Z`),
});

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Siram taman depan',
  area_ids: [f.areaId],
  items: [{ id: 'water', label: 'Semua bedeng disiram', kind: 'pass_fail_na' }],
  assignee_role: 'gardener',
  schedule: { kind: 'weekdays', weekdays: [1, 3, 5] },
  start_date: '2026-06-01',
  due_time: '09:00',
  ...over,
});

async function call(method: string, path: string, json?: unknown, token = f.admin.token) {
  const res = await f.t.request(path, { method, token, ...(json !== undefined && { json }) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const data = (r: { body: Record<string, unknown> }) => r.body['data'] as RoundTemplate;

describe('/api/rounds/templates', () => {
  it('creates, lists and reads a template with its versions', async () => {
    const created = await call('POST', '/api/rounds/templates', body());
    expect(created.status).toBe(201);
    expect(data(created)).toMatchObject({
      version: 1,
      title: 'Siram taman depan',
      items: [{ id: 'water', unit: null, photo: 'none' }],
      assignee_user_id: null,
      assignee_role: 'gardener',
      schedule: { kind: 'weekdays', weekdays: [1, 3, 5] },
      paused: false,
      pauses: [],
      archived_at: null,
    });
    const list = await call('GET', '/api/rounds/templates');
    expect((list.body['data'] as RoundTemplate[]).map((t) => t.id)).toEqual([data(created).id]);
    const one = await call('GET', `/api/rounds/templates/${data(created).id}`);
    expect(one.body['versions']).toEqual([
      { version: 1, effective_from: TODAY, created_at: expect.any(String) as string },
    ]);
  });

  it('refuses areas, categories and people the school does not have, and a taken id', async () => {
    const unknownArea = await call('POST', '/api/rounds/templates', body({ area_ids: [newId()] }));
    expect(unknownArea.status).toBe(422);
    expect(unknownArea.body['field_reasons']).toMatchObject({
      area_ids: [{ code: 'reference_not_found' }],
    });
    const unknownUser = await call(
      'POST',
      '/api/rounds/templates',
      body({ assignee_role: null, assignee_user_id: newId() }),
    );
    expect(unknownUser.body['field_reasons']).toMatchObject({
      assignee_user_id: [{ code: 'assignee_unknown' }],
    });
    const both = await call('POST', '/api/rounds/templates', body({ assignee_user_id: newId() }));
    expect(both.body['field_reasons']).toMatchObject({
      assignee_user_id: [{ code: 'round_assignee_required' }],
    });
    const id = newId();
    expect((await call('POST', '/api/rounds/templates', body({ id }))).status).toBe(201);
    const again = await call('POST', '/api/rounds/templates', body({ id }));
    expect(again.status).toBe(409);
    expect(again.body['code']).toBe('id_taken');
  });

  it('saves each edit as a new version, pauses and resumes by school day, archives', async () => {
    const id = data(await call('POST', '/api/rounds/templates', body())).id;
    const edited = await call(
      'PUT',
      `/api/rounds/templates/${id}`,
      body({ schedule: { kind: 'daily' } }),
    );
    expect(data(edited)).toMatchObject({ version: 2, schedule: { kind: 'daily' } });
    const paused = await call('POST', `/api/rounds/templates/${id}/pause`);
    expect(data(paused)).toMatchObject({ paused: true, pauses: [{ from: TODAY, to: null }] });
    // Pausing again changes nothing; resuming on the same day leaves no pause behind.
    expect(data(await call('POST', `/api/rounds/templates/${id}/pause`)).pauses).toHaveLength(1);
    const resumed = await call('POST', `/api/rounds/templates/${id}/resume`);
    expect(data(resumed)).toMatchObject({ paused: false, pauses: [], version: 2 });
    expect((await call('DELETE', `/api/rounds/templates/${id}`)).status).toBe(200);
    expect((await call('GET', '/api/rounds/templates')).body['data']).toEqual([]);
    const archived = await call('GET', '/api/rounds/templates?archived=true');
    expect((archived.body['data'] as RoundTemplate[])[0]).toMatchObject({
      id,
      archived_at: expect.any(String) as string,
    });
    // An archived template takes no more edits.
    expect((await call('PUT', `/api/rounds/templates/${id}`, body())).status).toBe(404);
  });

  it('is the admin`s only', async () => {
    expect((await call('GET', '/api/rounds/templates', undefined, f.staff.token)).status).toBe(403);
    expect((await call('POST', '/api/rounds/templates', body(), f.staff.token)).status).toBe(403);
  });
});
