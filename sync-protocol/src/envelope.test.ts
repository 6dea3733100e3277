import { describe, expect, it } from 'vitest';
import {
  changeSchema,
  mutationResultSchema,
  pullQuerySchema,
  pullResponseSchema,
  seqGapSchema,
  SYNCED_ENTITIES,
  type Change,
} from './envelope.js';
import { newId } from './ids.js';
import { fieldReasons } from './errors.js';

const at = '2026-11-22T05:00:00.000Z';
const base = () => ({ id: newId(), created_at: at, updated_at: at });

/** One valid row per synced entity, as the server sends them. */
const rows: { [E in Change['entity']]: Extract<Change, { entity: E; op: 'put' }>['row'] } = {
  users: { ...base(), name: 'Siti', role: 'custodian', photo_url: null },
  areas: { ...base(), name: 'Aula', description: null, active: true },
  categories: { ...base(), name: 'Kebersihan', description: 'Sapu' },
  reports: {
    ...base(),
    reporter_id: newId(),
    area_id: newId(),
    category_id: null,
    work_type: 'repair',
    description: 'Keran bocor',
    status: 'in_progress',
    admin_note: null,
    reported_at: '2026-11-20T00:14:00.000Z',
    assignee_id: newId(),
    priority: 'high',
    due_date: '2026-11-21',
    due_time: '09:00',
    completed_at: null,
    origin: 'staff',
  },
  report_events: {
    ...base(),
    report_id: newId(),
    actor_id: newId(),
    kind: 'job',
    changes: { assignee_id: [null, newId()], priority: ['normal', 'high'] },
    body: null,
    kept: false,
    occurred_at: '2026-11-20T00:15:00.000Z',
  },
  report_photos: {
    ...base(),
    report_id: newId(),
    kind: 'after',
    sha256: 'ab'.repeat(32),
    mime_type: 'image/webp',
    size_bytes: 1234,
    position: 1,
  },
  inventory_items: {
    ...base(),
    name: 'Sabun',
    sku: 'SB-01',
    unit: 'botol',
    stock: -2,
    min_stock: 5,
    description: null,
    active: true,
    trackable: true,
  },
  stock_transactions: {
    ...base(),
    item_id: newId(),
    type: 'adjustment',
    quantity: -3,
    notes: 'Opname',
    area_id: null,
    recorded_by: newId(),
    occurred_at: at,
  },
  item_requests: {
    ...base(),
    number: 'REQ-2026-000001',
    type: 'custom',
    item_id: null,
    custom_name: 'Gunting rumput',
    store_link: 'https://toko.example/gunting',
    image_sha256: 'cd'.repeat(32),
    quantity: 2,
    needed_date: '2026-12-01',
    notes: null,
    requester_id: newId(),
    approver_id: null,
    approver_notes: null,
    status: 'pending',
    decided_at: null,
  },
  announcements: {
    ...base(),
    title: 'Kerja bakti',
    body: 'Sabtu\nPukul 07.00',
    audience: ['gardener', 'custodian'],
    priority: 'important',
    pinned: true,
    author_id: newId(),
    published_at: at,
  },
  announcement_reads: { ...base(), announcement_id: newId(), user_id: newId(), read_at: at },
  notifications: {
    ...base(),
    user_id: newId(),
    kind: 'request_approved',
    subject_type: 'item_requests',
    subject_id: newId(),
    actor_id: newId(),
    params: { number: 'REQ-2026-000001', item: 'Sabun', actor: 'Admin' },
    priority: 'normal',
    read_at: null,
  },
  notification_prefs: {
    ...base(),
    push: { announcement: false },
    announcements: 'all',
    quiet_hours: { start: '22:00', end: '05:30' },
  },
  round_templates: {
    ...base(),
    version: 2,
    title: 'Bersihkan toilet gedung B',
    area_ids: [newId()],
    category_id: null,
    work_type: 'cleaning',
    items: [
      { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', unit: null, photo: 'on_fail' },
    ],
    assignee_user_id: null,
    assignee_role: 'custodian',
    schedule: { kind: 'weekdays', weekdays: [1, 3, 5] },
    start_date: '2026-06-01',
    end_date: null,
    due_time: '08:00',
    paused: false,
    pauses: [{ from: '2026-07-01', to: '2026-07-14' }],
  },
  round_completions: {
    ...base(),
    template_id: newId(),
    template_version: 1,
    occurrence_id: `${newId()}:2026-11-20`,
    occurrence_date: '2026-11-20',
    completed_by: newId(),
    completed_at: at,
    started_at: null,
    note: null,
    answers: [
      {
        item_id: 'floor',
        label: 'Lantai kering',
        kind: 'pass_fail_na',
        unit: null,
        photo: 'on_fail',
        value: 'fail',
        note: 'Genangan dekat wastafel',
        photos: [newId()],
      },
    ],
    closing: false,
    closed_by_id: newId(),
    closed_at: at,
    assignee_user_id: null,
    assignee_role: 'custodian',
  },
};

const me = {
  id: newId(),
  name: 'Admin',
  email: 'admin@urs.sch.id',
  phone: null,
  role: 'admin',
  preferred_theme: 'cream',
  preferred_language: 'en',
  photo_url: null,
  created_at: at,
  updated_at: at,
};

describe('pull envelope', () => {
  it('round-trips a put and a delete of every synced entity through JSON', () => {
    expect(Object.keys(rows).sort()).toEqual([...SYNCED_ENTITIES].sort());
    let seq = 0;
    const changes = SYNCED_ENTITIES.flatMap((entity) => [
      { entity, op: 'put', id: rows[entity].id, change_seq: ++seq, row: rows[entity] },
      { entity, op: 'delete', id: rows[entity].id, change_seq: ++seq },
    ]);
    const response = {
      protocol_version: 1,
      changes,
      cursor: String(seq),
      has_more: false,
      remaining: 0,
      unread_announcements: 3,
      me,
    };
    expect(pullResponseSchema.parse(JSON.parse(JSON.stringify(response)))).toEqual(response);
  });

  it('reads an answer without a remaining count (an older server) as 0, and refuses a negative one', () => {
    const answer = {
      protocol_version: 1,
      changes: [],
      cursor: '7',
      has_more: false,
      unread_announcements: 0,
      me,
    };
    expect(pullResponseSchema.parse(answer).remaining).toBe(0);
    expect(pullResponseSchema.safeParse({ ...answer, remaining: -1 }).success).toBe(false);
  });

  it('refuses a put whose row belongs to another entity or breaks its schema', () => {
    const wrong = { entity: 'reports', op: 'put', id: 'x', change_seq: 1, row: rows.areas };
    expect(changeSchema.safeParse(wrong).success).toBe(false);
    const badStatus = { ...rows.reports, status: 'done' };
    expect(
      changeSchema.safeParse({
        entity: 'reports',
        op: 'put',
        id: 'x',
        change_seq: 1,
        row: badStatus,
      }).success,
    ).toBe(false);
    expect(
      changeSchema.safeParse({ entity: 'nope', op: 'delete', id: 'x', change_seq: 1 }).success,
    ).toBe(false);
  });

  it('describes per-mutation results and the seq gap answer', () => {
    expect(mutationResultSchema.parse({ seq: 1, id: 'a', status: 'applied' })).toBeTruthy();
    expect(mutationResultSchema.safeParse({ seq: 1, id: 'a', status: 'rejected' }).success).toBe(
      false,
    );
    expect(
      mutationResultSchema.parse({
        seq: 2,
        id: 'b',
        status: 'rejected',
        code: 'conflict',
        message: 'Sudah diproses',
      }),
    ).toMatchObject({ code: 'conflict' });
    // A code a newer server added is still a refusal this version can settle.
    expect(
      mutationResultSchema.parse({
        seq: 3,
        id: 'c',
        status: 'rejected',
        code: 'quota_exceeded',
        message: 'Kuota habis',
      }),
    ).toMatchObject({ status: 'rejected', code: 'quota_exceeded' });
    expect(
      seqGapSchema.parse({ code: 'seq_gap', expected_seq: 4, message: 'x' }).expected_seq,
    ).toBe(4);
  });

  it('reads the pull query with defaults and bounds', () => {
    expect(pullQuerySchema.parse({})).toEqual({ cursor: '', limit: 500 });
    expect(pullQuerySchema.safeParse({ cursor: '-1' }).success).toBe(false);
    expect(pullQuerySchema.safeParse({ limit: '5000' }).success).toBe(false);
  });

  it('reads whether the page counts what is left: absent or count counts, skip does not, anything else is refused', () => {
    expect(pullQuerySchema.parse({}).remaining).toBeUndefined();
    expect(pullQuerySchema.parse({ remaining: 'count' }).remaining).toBe('count');
    expect(pullQuerySchema.parse({ cursor: '40', remaining: 'skip' })).toEqual({
      cursor: '40',
      limit: 500,
      remaining: 'skip',
    });
    for (const wrong of ['', 'no', 'false', '0', 'SKIP']) {
      const parsed = pullQuerySchema.safeParse({ remaining: wrong });
      expect(parsed.success).toBe(false);
      expect(parsed.error && fieldReasons(parsed.error)).toEqual({
        remaining: [{ code: 'remaining_invalid' }],
      });
    }
  });
});
