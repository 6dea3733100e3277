import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  addDays,
  newId,
  occurrenceId,
  schoolDay,
  type MutationResult,
  type RoundTemplate,
  type RoundTemplateInput,
} from '@urs/sync-protocol';
import { reports, roundCompletions } from '../db/schema.js';
import { jpegBytes, TestDevice, uploadPhoto, useSyncFixture } from './test-kit.js';

/*
 * Rounds on the push and the pull (docs/decisions/030-rounds.md): round.complete exactly once,
 * the two-people rule, the checks against the answered version, photos through the upload
 * pipeline, a report raised from a failed item, who holds what. Both engines.
 */

const f = useSyncFixture('custodian', 'Toilet gedung B');
const WIB = 7 * 60;
const today = schoolDay(Date.now(), WIB);

let second: TestDevice;
let gardener: TestDevice;
let custodianId: string;
let secondId: string;
beforeEach(async () => {
  second = new TestDevice(f.t, (await f.t.signIn('custodian')).token);
  gardener = new TestDevice(f.t, (await f.t.signIn('gardener')).token);
  custodianId = await me(f.staff);
  secondId = await me(second);
});

async function me(device: TestDevice): Promise<string> {
  const res = await f.t.request('/api/user', { token: device.token });
  return ((await res.json()) as { user: { id: string } }).user.id;
}

const statuses = (results: MutationResult[]) =>
  results.map((r) => (r.status === 'rejected' ? `${r.code}:${r.reason?.code}` : r.status));

const ITEMS = [
  { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', photo: 'on_fail' },
  { id: 'soap', label: 'Sabun (botol)', kind: 'number', unit: 'botol' },
] as const;

async function template(over: Partial<RoundTemplateInput> = {}): Promise<RoundTemplate> {
  const res = await f.t.request('/api/rounds/templates', {
    method: 'POST',
    token: f.admin.token,
    json: {
      title: 'Bersihkan toilet gedung B',
      area_ids: [f.areaId],
      items: ITEMS,
      assignee_role: 'custodian',
      schedule: { kind: 'daily' },
      start_date: addDays(today, -30),
      due_time: '08:00',
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: RoundTemplate }).data;
}

const complete = (t: RoundTemplate, over: Record<string, unknown> = {}) => ({
  id: newId(),
  template_id: t.id,
  template_version: t.version,
  occurrence_date: today,
  completed_at: new Date().toISOString(),
  answers: [
    { item_id: 'floor', value: 'pass' },
    { item_id: 'soap', value: 3 },
  ],
  ...over,
});

async function stored(id: string) {
  const [row] = await f.t.db.select().from(roundCompletions).where(eq(roundCompletions.id, id));
  return row;
}

describe('round.complete', () => {
  it('stores a completion once, with the answered items beside the answers', async () => {
    const t = await template();
    const args = complete(t, { note: 'Bersih' });
    expect(statuses((await f.staff.push(['round.complete', args])).results)).toEqual(['applied']);
    // The same mutation again under a new envelope (a reinstalled app): nothing more.
    expect(statuses((await f.staff.push(['round.complete', args])).results)).toEqual(['applied']);
    const rows = await f.t.db
      .select()
      .from(roundCompletions)
      .where(eq(roundCompletions.templateId, t.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      occurrenceId: occurrenceId(t.id, today),
      completedBy: custodianId,
      closing: true,
      closedById: null,
      note: 'Bersih',
      assigneeRole: 'custodian',
      answers: [
        {
          item_id: 'floor',
          label: 'Lantai kering',
          kind: 'pass_fail_na',
          unit: null,
          photo: 'on_fail',
          value: 'pass',
          note: null,
          photos: [],
        },
        {
          item_id: 'soap',
          label: 'Sabun (botol)',
          kind: 'number',
          unit: 'botol',
          photo: 'none',
          value: 3,
          note: null,
          photos: [],
        },
      ],
    });
  });

  it('two people, one occurrence: the first to arrive closes it, the second is kept', async () => {
    const t = await template();
    const early = complete(t, { completed_at: new Date(Date.now() - 60_000).toISOString() });
    const late = complete(t);
    // The later phone's completion, done first by its clock, reaches the server second.
    expect(statuses((await second.push(['round.complete', late])).results)).toEqual(['applied']);
    expect(statuses((await f.staff.push(['round.complete', early])).results)).toEqual(['applied']);
    const closing = await stored(late.id);
    const kept = await stored(early.id);
    expect(closing).toMatchObject({ closing: true, closedById: null, closedAt: null });
    expect(kept).toMatchObject({
      closing: false,
      closedById: secondId,
      closedAt: closing?.completedAt,
    });
    // The kept phone learns who and when from its own completion, and holds the closing one too
    // (a round of its role).
    const pulled = (await f.staff.pullAll()).filter((c) => c.entity === 'round_completions');
    const rows = pulled.map((c) => (c.op === 'put' ? c.row : null));
    const own = rows.find((r) => r?.id === early.id);
    expect(own).toMatchObject({ closing: false, closed_by_id: secondId });
    expect(rows.some((r) => r?.id === late.id && r.closing)).toBe(true);
  });

  it('refuses the id another user holds', async () => {
    const t = await template();
    const args = complete(t);
    await f.staff.push(['round.complete', args]);
    const { results } = await second.push(['round.complete', args]);
    expect(statuses(results)).toEqual(['conflict:id_taken']);
  });

  it('checks who, which version, which day and the answers', async () => {
    const t = await template({ schedule: { kind: 'weekdays', weekdays: [1] } });
    const monday = [0, 1, 2, 3, 4, 5, 6]
      .map((d) => addDays(today, -d))
      .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 1);
    const other = addDays(monday ?? today, -1);
    const { results } = await f.staff.push(
      ['round.complete', complete(t, { occurrence_date: other })],
      ['round.complete', complete(t, { occurrence_date: monday, template_version: 9 })],
      ['round.complete', complete(t, { occurrence_date: monday, answers: [] })],
      ['round.complete', complete(t, { occurrence_date: monday, template_id: newId() })],
      [
        'round.complete',
        complete(t, {
          occurrence_date: monday,
          answers: [
            { item_id: 'floor', value: 'fail' },
            { item_id: 'soap', value: 'banyak' },
          ],
        }),
      ],
      ['round.complete', complete(t, { occurrence_date: monday })],
    );
    expect(statuses(results)).toEqual([
      'validation:round_occurrence_unknown',
      'validation:round_version_unknown',
      'validation:round_answer_missing',
      'not_found:round_gone',
      'validation:round_photo_required',
      'applied',
    ]);
    const fail = results[4];
    expect(fail?.status === 'rejected' && fail.field_reasons).toEqual({
      'answers.floor.photos': [{ code: 'round_photo_required' }],
      'answers.soap': [{ code: 'round_answer_invalid' }],
    });
    const notTheirs = await gardener.push([
      'round.complete',
      complete(t, { occurrence_date: monday }),
    ]);
    expect(statuses(notTheirs.results)).toEqual(['forbidden:round_forbidden']);
  });

  it('takes photos uploaded first, and refuses them until they are', async () => {
    const t = await template();
    const photo = newId();
    const args = complete(t, {
      answers: [
        { item_id: 'floor', value: 'fail', note: 'Genangan', photos: [photo] },
        { item_id: 'soap', value: 0 },
      ],
    });
    expect(statuses((await f.staff.push(['round.complete', args])).results)).toEqual([
      'photo_missing:photo_not_uploaded',
    ]);
    // Another user's upload is no more usable than a missing one.
    expect((await uploadPhoto(f.t, second.token, photo, jpegBytes(2048, 3))).status).toBe(201);
    expect(statuses((await f.staff.push(['round.complete', args])).results)).toEqual([
      'photo_missing:photo_not_uploaded',
    ]);
    const own = newId();
    expect((await uploadPhoto(f.t, f.staff.token, own, jpegBytes(2048, 4))).status).toBe(201);
    const retried = {
      ...args,
      answers: [
        { item_id: 'floor', value: 'fail', note: 'Genangan', photos: [own] },
        { item_id: 'soap', value: 0 },
      ],
    };
    expect(statuses((await f.staff.push(['round.complete', retried])).results)).toEqual([
      'applied',
    ]);
    expect((await stored(args.id))?.answers[0]).toMatchObject({ value: 'fail', photos: [own] });
    // The admin sees the photo through the photo route.
    const res = await f.t.request(`/api/photos/${own}`, { token: f.admin.token });
    expect(res.status).toBe(200);
  });

  it('keeps the version a phone answered after the template changed', async () => {
    const t = await template();
    const res = await f.t.request(`/api/rounds/templates/${t.id}`, {
      method: 'PUT',
      token: f.admin.token,
      json: {
        title: 'Toilet B (baru)',
        area_ids: [f.areaId],
        items: [{ id: 'mirror', label: 'Cermin bersih', kind: 'pass_fail_na' }],
        assignee_role: 'custodian',
        schedule: { kind: 'daily' },
        start_date: addDays(today, -30),
      },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: RoundTemplate }).data.version).toBe(2);
    // A phone offline since version 1 answers version 1's checklist.
    const old = complete(t);
    expect(statuses((await f.staff.push(['round.complete', old])).results)).toEqual(['applied']);
    expect((await stored(old.id))?.answers.map((a) => a.item_id)).toEqual(['floor', 'soap']);
    expect((await stored(old.id))?.templateVersion).toBe(1);
    // A second phone on version 2: kept (the occurrence is closed), answering version 2.
    const fresh = complete(t, {
      template_version: 2,
      answers: [{ item_id: 'mirror', value: 'pass' }],
    });
    expect(statuses((await second.push(['round.complete', fresh])).results)).toEqual(['applied']);
    expect(await stored(fresh.id)).toMatchObject({ closing: false, templateVersion: 2 });
  });

  it('an archived round takes completions of its earlier days only', async () => {
    const t = await template();
    const res = await f.t.request(`/api/rounds/templates/${t.id}`, {
      method: 'DELETE',
      token: f.admin.token,
    });
    expect(res.status).toBe(200);
    const { results } = await f.staff.push(
      ['round.complete', complete(t, { occurrence_date: addDays(today, -1) })],
      ['round.complete', complete(t)],
    );
    expect(statuses(results)).toEqual(['applied', 'validation:round_occurrence_unknown']);
  });
});

describe('a report raised from a failed item', () => {
  it('is linked to the completion, and filed unlinked when the server holds none', async () => {
    const t = await template();
    const done = complete(t);
    const linked = newId();
    const orphan = newId();
    const { results } = await f.staff.push(
      ['round.complete', done],
      [
        'report.create',
        {
          id: linked,
          area_id: f.areaId,
          work_type: 'cleaning',
          description: 'Lantai kering: Genangan',
          unassigned: true,
          round_completion_id: done.id,
          round_item_id: 'floor',
        },
      ],
      [
        'report.create',
        {
          id: orphan,
          area_id: f.areaId,
          work_type: 'cleaning',
          description: 'Tanpa rutinitas',
          round_completion_id: newId(),
          round_item_id: 'floor',
        },
      ],
    );
    expect(statuses(results)).toEqual(['applied', 'applied', 'applied']);
    const [a] = await f.t.db.select().from(reports).where(eq(reports.id, linked));
    const [b] = await f.t.db.select().from(reports).where(eq(reports.id, orphan));
    expect(a).toMatchObject({ roundCompletionId: done.id, roundItemId: 'floor', assigneeId: null });
    expect(b).toMatchObject({ roundCompletionId: null, roundItemId: null });
  });
});

describe('who holds what', () => {
  it('every user holds the live templates; completions go to who did them and whose they were', async () => {
    const forRole = await template();
    const forSecond = await template({
      title: 'Cek APAR',
      assignee_role: null,
      assignee_user_id: secondId,
    });
    const byFirst = complete(forRole);
    const bySecond = complete(forSecond, { answers: byFirst.answers });
    await f.staff.push(['round.complete', byFirst]);
    await second.push(['round.complete', bySecond]);
    const held = async (device: TestDevice) => {
      device.cursor = '';
      const changes = await device.pullAll();
      return {
        templates: changes
          .filter((c) => c.entity === 'round_templates' && c.op === 'put')
          .map((c) => c.id)
          .sort(),
        completions: changes
          .filter((c) => c.entity === 'round_completions')
          .map((c) => c.id)
          .sort(),
      };
    };
    const both = [forRole.id, forSecond.id].sort();
    expect(await held(f.staff)).toEqual({ templates: both, completions: [byFirst.id] });
    expect(await held(second)).toEqual({
      templates: both,
      completions: [byFirst.id, bySecond.id].sort(),
    });
    expect(await held(gardener)).toEqual({ templates: both, completions: [] });
    expect((await held(f.admin)).completions).toEqual([byFirst.id, bySecond.id].sort());
    // Archived: every phone drops it.
    await f.t.request(`/api/rounds/templates/${forSecond.id}`, {
      method: 'DELETE',
      token: f.admin.token,
    });
    const after = await f.staff.pullAll();
    expect(after.filter((c) => c.entity === 'round_templates').map((c) => [c.id, c.op])).toEqual([
      [forSecond.id, 'delete'],
    ]);
  });
});
