import { describe, expect, it } from 'vitest';
import type { Announcement, AnnouncementRead, Role } from '@urs/sync-protocol';
import {
  EMPTY_ANNOUNCEMENT,
  formOf,
  isFormDirty,
  isVisibleTo,
  planCreate,
  planEdit,
  planMarkRead,
  splitLinks,
  unreadIds,
  validatePlanned,
  visibleAnnouncements,
} from './announcements-logic.js';

const A = '00000000-0000-4000-8000-00000000000';
const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function ann(n: number, over: Partial<Announcement> = {}): Announcement {
  const at = `2026-01-${String(10 + n).padStart(2, '0')}T08:00:00.000Z`;
  return {
    id: `${A}${n}`,
    title: `T${n}`,
    body: 'b',
    audience: null,
    priority: 'normal',
    pinned: false,
    author_id: OTHER,
    published_at: at,
    created_at: at,
    updated_at: at,
    ...over,
  };
}

function read(announcementId: string, userId: string): AnnouncementRead {
  const at = '2026-02-01T00:00:00.000Z';
  return {
    id: `r-${announcementId}-${userId}`,
    announcement_id: announcementId,
    user_id: userId,
    read_at: at,
    created_at: at,
    updated_at: at,
  };
}

describe('visibility', () => {
  const forGardeners = ann(1, { audience: ['gardener'] });
  it('shows everyone-announcements to all roles and audience ones only to those roles', () => {
    const roles: Role[] = ['custodian', 'technician', 'gardener', 'inventory_staff'];
    for (const role of roles) expect(isVisibleTo(ann(2), role)).toBe(true);
    expect(isVisibleTo(forGardeners, 'gardener')).toBe(true);
    expect(isVisibleTo(forGardeners, 'custodian')).toBe(false);
  });
  it('lets admins see every announcement', () => {
    expect(isVisibleTo(ann(1, { audience: ['technician'] }), 'admin')).toBe(true);
  });
});

describe('ordering', () => {
  it('puts pinned first, then newest published', () => {
    const list = [
      ann(1),
      ann(3),
      ann(2, { pinned: true }),
      ann(4, { audience: ['custodian'] }),
      ann(0, { pinned: true }),
    ];
    expect(visibleAnnouncements(list, 'gardener').map((a) => a.title)).toEqual([
      'T2',
      'T0',
      'T3',
      'T1',
    ]);
    expect(visibleAnnouncements(list, 'admin').map((a) => a.title)).toEqual([
      'T2',
      'T0',
      'T4',
      'T3',
      'T1',
    ]);
  });
});

describe('unread', () => {
  it('counts only the current user’s read marks', () => {
    const list = [ann(1), ann(2), ann(3)];
    const reads = [read(list[0]!.id, ME), read(list[1]!.id, OTHER)];
    expect([...unreadIds(list, reads, ME)].sort()).toEqual([list[1]!.id, list[2]!.id]);
  });
  it('never counts the author’s own announcement as unread for them', () => {
    const mine = ann(1, { author_id: ME });
    const theirs = ann(2);
    expect([...unreadIds([mine, theirs], [], ME)]).toEqual([theirs.id]);
    expect([...unreadIds([mine, theirs], [], OTHER)]).toEqual([mine.id]);
  });
  it('becomes read once an optimistic mark_read row exists', () => {
    const list = [ann(1)];
    let n = 0;
    const plan = planMarkRead({
      announcementIds: [list[0]!.id],
      userId: ME,
      newId: () => `${A.slice(0, -1)}9${n++}`,
      now: new Date('2026-03-01T00:00:00Z'),
    });
    expect(plan).toHaveLength(1);
    const step = plan[0]!;
    expect(step.name).toBe('announcement.mark_read');
    expect(validatePlanned(step)).toEqual({});
    const write = step.optimistic[0];
    expect(write?.op === 'put' && write.entity === 'announcement_reads').toBe(true);
    const rows = step.optimistic.flatMap((w) =>
      w.op === 'put' && w.entity === 'announcement_reads' ? [w.row] : [],
    );
    expect(unreadIds(list, rows, ME).size).toBe(0);
  });
});

describe('splitLinks', () => {
  it('keeps text and makes http(s) links, without trailing punctuation', () => {
    expect(splitLinks('Lihat https://urs.sch.id/a?b=1. Dan http://x.id\nlagi')).toEqual([
      { kind: 'text', text: 'Lihat ' },
      { kind: 'link', href: 'https://urs.sch.id/a?b=1' },
      { kind: 'text', text: '. Dan ' },
      { kind: 'link', href: 'http://x.id' },
      { kind: 'text', text: '\nlagi' },
    ]);
  });
  it('never links other schemes', () => {
    expect(splitLinks('javascript:alert(1) ftp://a.b <b>x</b>')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) ftp://a.b <b>x</b>' },
    ]);
  });
  it('handles text without links and a bare scheme', () => {
    expect(splitLinks('')).toEqual([]);
    expect(splitLinks('go to https:// now')).toEqual([
      { kind: 'text', text: 'go to https:// now' },
    ]);
  });
});

describe('composer plans', () => {
  const now = new Date('2026-03-01T00:00:00Z');
  it('creates with a full optimistic row and reports an empty title per field', () => {
    const step = planCreate({
      id: `${A}1`,
      authorId: ME,
      values: { ...EMPTY_ANNOUNCEMENT, title: ' ', body: 'x' },
      now,
    });
    expect(validatePlanned(step)['title']).toEqual(['Judul wajib diisi.']);
    const ok = planCreate({
      id: `${A}1`,
      authorId: ME,
      values: {
        ...EMPTY_ANNOUNCEMENT,
        title: 'Hi',
        body: 'x',
        audienceMode: 'roles',
        roles: ['gardener'],
        pinned: true,
        priority: 'important',
      },
      now,
    });
    expect(validatePlanned(ok)).toEqual({});
    expect(ok.optimistic[0]).toMatchObject({
      entity: 'announcements',
      op: 'put',
      row: { audience: ['gardener'], pinned: true, author_id: ME },
    });
  });
  it('asks for a role when the audience is chosen roles', () => {
    const step = planCreate({
      id: `${A}1`,
      authorId: ME,
      values: { ...EMPTY_ANNOUNCEMENT, title: 'a', body: 'b', audienceMode: 'roles' },
      now,
    });
    expect(validatePlanned(step)['audience']).toBeDefined();
  });
  it('updates only what changed', () => {
    const a = ann(1, { audience: ['gardener'] });
    expect(planEdit({ announcement: a, values: formOf(a), now })).toBeNull();
    expect(isFormDirty(formOf(a), formOf(a))).toBe(false);
    const step = planEdit({ announcement: a, values: { ...formOf(a), title: 'New' }, now });
    expect(step?.args).toEqual({ id: a.id, title: 'New' });
    expect(step?.optimistic[0]).toMatchObject({
      row: { title: 'New', updated_at: now.toISOString() },
    });
  });
});
