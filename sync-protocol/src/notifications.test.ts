import { describe, expect, it } from 'vitest';
import { occurrenceId, parseOccurrenceId } from './rounds.js';
import {
  DEFAULT_NOTIFICATION_PREFS,
  NOTIFICATION_KIND_RULES,
  SERVER_NOTIFICATION_KINDS,
  inQuietHours,
  notificationExcerpt,
  notificationPath,
  notificationPrefsSetArgs,
  notificationSchema,
  notificationText,
  pushPayloadSchema,
  pushSubscriptionBodySchema,
  shouldPush,
  NOTIFICATION_PARAM_MAX,
} from './notifications.js';
import { newId } from './ids.js';

const WIB = 7 * 60;
/** An instant at the given time of day in WIB. */
const wib = (time: string) => new Date(`2026-12-03T${time}:00+07:00`);

describe('quiet hours on the school clock', () => {
  const quiet = { start: '21:00', end: '06:00' };
  it('wrap midnight: the start is inside, the end is not', () => {
    expect(inQuietHours(quiet, wib('20:59'), WIB)).toBe(false);
    expect(inQuietHours(quiet, wib('21:00'), WIB)).toBe(true);
    expect(inQuietHours(quiet, wib('23:30'), WIB)).toBe(true);
    expect(inQuietHours(quiet, wib('00:10'), WIB)).toBe(true);
    expect(inQuietHours(quiet, wib('05:59'), WIB)).toBe(true);
    expect(inQuietHours(quiet, wib('06:00'), WIB)).toBe(false);
  });
  it('read in the school time, not UTC', () => {
    // 14:30 UTC is 21:30 WIB (quiet) and 22:30 WITA (quiet), but 15:30 in UTC+1 (not).
    const instant = new Date('2026-12-03T14:30:00Z');
    expect(inQuietHours(quiet, instant, WIB)).toBe(true);
    expect(inQuietHours(quiet, instant, 60)).toBe(false);
  });
  it('within a day, and none at all', () => {
    expect(inQuietHours({ start: '12:00', end: '13:00' }, wib('12:30'), WIB)).toBe(true);
    expect(inQuietHours({ start: '12:00', end: '13:00' }, wib('13:00'), WIB)).toBe(false);
    expect(inQuietHours(null, wib('23:00'), WIB)).toBe(false);
  });
});

describe('what pushes', () => {
  const prefs = DEFAULT_NOTIFICATION_PREFS;
  const day = wib('10:00');
  const night = wib('22:00');
  it('by default every kind pushes by day; announcements only when important', () => {
    for (const kind of SERVER_NOTIFICATION_KINDS) {
      const priority = kind === 'announcement' ? 'important' : 'normal';
      expect(shouldPush({ kind, priority }, prefs, day, WIB)).toBe(true);
    }
    expect(shouldPush({ kind: 'announcement', priority: 'normal' }, prefs, day, WIB)).toBe(false);
    const all = { ...prefs, announcements: 'all' as const };
    expect(shouldPush({ kind: 'announcement', priority: 'normal' }, all, day, WIB)).toBe(true);
  });
  it('in quiet hours only urgent jobs push', () => {
    expect(shouldPush({ kind: 'job_assigned', priority: 'normal' }, prefs, night, WIB)).toBe(false);
    expect(shouldPush({ kind: 'announcement', priority: 'important' }, prefs, night, WIB)).toBe(
      false,
    );
    expect(shouldPush({ kind: 'job_assigned', priority: 'urgent' }, prefs, night, WIB)).toBe(true);
  });
  it('a kind turned off never pushes, urgent or not', () => {
    const off = { ...prefs, push: { job_assigned: false } };
    expect(shouldPush({ kind: 'job_assigned', priority: 'urgent' }, off, day, WIB)).toBe(false);
    expect(shouldPush({ kind: 'job_taken', priority: 'normal' }, off, day, WIB)).toBe(true);
  });
});

describe('the words and the place', () => {
  const row = {
    id: newId(),
    created_at: '2026-12-03T03:00:00.000Z',
    updated_at: '2026-12-03T03:00:00.000Z',
    user_id: newId(),
    kind: 'report_status' as const,
    subject_type: 'reports' as const,
    subject_id: newId(),
    actor_id: newId(),
    params: { actor: 'Bu Sari', report: 'Keran bocor di toilet', status: 'completed' },
    priority: 'normal' as const,
    read_at: null,
  };
  it('reads in both languages, the status as the app names it', () => {
    expect(notificationSchema.parse(row)).toEqual(row);
    expect(notificationText(row, 'id')).toEqual({
      title: 'Status laporan berubah: Selesai',
      body: 'Bu Sari mengubah "Keran bocor di toilet"',
    });
    expect(notificationText(row, 'en')).toEqual({
      title: 'Report status changed: Completed',
      body: 'Bu Sari changed "Keran bocor di toilet"',
    });
  });
  it('an urgent job says so', () => {
    const urgent = { kind: 'job_assigned' as const, priority: 'urgent' as const, params: {} };
    expect(notificationText(urgent, 'id').title).toBe('Pekerjaan mendesak untuk Anda');
  });
  it('opens the screen of its subject', () => {
    expect(notificationPath({ subject_type: 'reports', subject_id: 'r1' })).toBe('/reports/r1');
    expect(notificationPath({ subject_type: 'item_requests', subject_id: 'q1' })).toBe(
      '/inventory?tab=requests&request=q1',
    );
  });
  it("a round's opens its occurrence's checklist, a route of the app (no '/rounds')", () => {
    const template = '0193a0c0-0000-7000-8000-000000000041';
    const subject = occurrenceId(template, '2026-12-03');
    expect(notificationPath({ subject_type: 'rounds', subject_id: subject })).toBe(
      `/tasks/rounds/${template}/2026-12-03`,
    );
    // The same place the app's round screen is (web/src/app/router.tsx).
    expect(parseOccurrenceId(subject)).toEqual({ templateId: template, date: '2026-12-03' });
    // Without a day: the list of one's rounds, never a path the app does not have.
    expect(notificationPath({ subject_type: 'rounds', subject_id: template })).toBe('/tasks');
    expect(notificationPath({ subject_type: 'rounds', subject_id: `${template}:3 Dec` })).toBe(
      '/tasks',
    );
  });
  it('every server kind has a TTL a push service accepts', () => {
    for (const kind of SERVER_NOTIFICATION_KINDS) {
      expect(NOTIFICATION_KIND_RULES[kind].ttlSeconds).toBeGreaterThan(0);
      expect(NOTIFICATION_KIND_RULES[kind].ttlSeconds).toBeLessThanOrEqual(28 * 86_400);
    }
  });
  it('an excerpt is cut to the limit, whole characters', () => {
    const long = '🧹'.repeat(NOTIFICATION_PARAM_MAX + 5);
    const cut = notificationExcerpt(long);
    expect(Array.from(cut)).toHaveLength(NOTIFICATION_PARAM_MAX);
    expect(cut.endsWith('…')).toBe(true);
    expect(notificationExcerpt('  a\n b ')).toBe('a b');
  });
});

describe('the wire shapes', () => {
  it('a push payload is checked', () => {
    const payload = {
      v: 1,
      id: newId(),
      kind: 'request_approved',
      title: 'Permintaan REQ-2026-000001 disetujui',
      body: 'Sabun disetujui oleh Admin',
      url: '/inventory?tab=requests&request=x',
      tag: 'item_requests:x',
      unread: 3,
      urgent: false,
    };
    expect(pushPayloadSchema.parse(payload)).toEqual(payload);
    expect(pushPayloadSchema.safeParse({ ...payload, url: 'https://evil.example' }).success).toBe(
      false,
    );
  });
  it('a subscription is the browser toJSON() with the client id', () => {
    const body = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BOr1', auth: 'x_-y' },
      client_id: newId(),
    };
    expect(pushSubscriptionBodySchema.parse(body)).toEqual(body);
    expect(
      pushSubscriptionBodySchema.safeParse({ ...body, keys: { p256dh: 'a b', auth: 'x' } }).success,
    ).toBe(false);
  });
  it('prefs.set needs something to set, and valid quiet hours', () => {
    const id = newId();
    expect(notificationPrefsSetArgs.safeParse({ id }).success).toBe(false);
    expect(notificationPrefsSetArgs.safeParse({ id, quiet_hours: null }).success).toBe(true);
    expect(
      notificationPrefsSetArgs.safeParse({ id, quiet_hours: { start: '24:00', end: '06:00' } })
        .success,
    ).toBe(false);
    expect(
      notificationPrefsSetArgs.safeParse({ id, quiet_hours: { start: '06:00', end: '06:00' } })
        .success,
    ).toBe(false);
  });
});
