import {
  type AccountRole,
  checkMutation,
  type Announcement,
  type AnnouncementRead,
  type Role,
} from '@urs/sync-protocol';
import { refusalTexts } from '../../lib/error-text.js';
import { planned, type PlannedMutation } from '../../sync/index.js';

export type { PlannedMutation };

/** True when a user with `role` may see the announcement (admins see every one). */
export function isVisibleTo(
  announcement: Pick<Announcement, 'audience'>,
  role: AccountRole,
): boolean {
  if (role === 'admin') return true;
  return (
    announcement.audience === null || (announcement.audience as readonly string[]).includes(role)
  );
}

/** Pinned first, then newest published (ties: newest updated, then id for a stable order). */
export function compareAnnouncements(a: Announcement, b: Announcement): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.published_at !== b.published_at) return a.published_at < b.published_at ? 1 : -1;
  if (a.updated_at !== b.updated_at) return a.updated_at < b.updated_at ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** What the list shows to one user: their visible announcements in display order. */
export function visibleAnnouncements(
  announcements: readonly Announcement[],
  role: AccountRole,
): Announcement[] {
  return announcements.filter((a) => isVisibleTo(a, role)).sort(compareAnnouncements);
}

/** Ids of the given announcements that `userId` neither wrote nor has a read mark for. */
export function unreadIds(
  announcements: readonly Announcement[],
  reads: readonly AnnouncementRead[],
  userId: string,
): Set<string> {
  const read = new Set(reads.filter((r) => r.user_id === userId).map((r) => r.announcement_id));
  return new Set(
    announcements.filter((a) => a.author_id !== userId && !read.has(a.id)).map((a) => a.id),
  );
}

export type BodySegment = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** Splits plain text into text runs and http(s) links; nothing else becomes a link. */
export function splitLinks(text: string): BodySegment[] {
  const out: BodySegment[] = [];
  let last = 0;
  const pushText = (value: string) => {
    if (value === '') return;
    const prev = out.at(-1);
    if (prev?.kind === 'text') prev.text += value;
    else out.push({ kind: 'text', text: value });
  };
  for (const match of text.matchAll(LINK)) {
    const start = match.index;
    let href = match[0];
    const trail = TRAILING.exec(href)?.[0] ?? '';
    href = href.slice(0, href.length - trail.length);
    pushText(text.slice(last, start));
    if (/^https?:\/\/[^/?#\s]+/i.test(href)) out.push({ kind: 'link', href });
    else pushText(href);
    last = start + href.length;
  }
  pushText(text.slice(last));
  return out;
}

/** What the composer holds. */
export interface AnnouncementFormValues {
  title: string;
  body: string;
  /** 'roles' = only the checked roles. */
  audienceMode: 'everyone' | 'roles';
  roles: Role[];
  priority: Announcement['priority'];
  pinned: boolean;
}

export const EMPTY_ANNOUNCEMENT: AnnouncementFormValues = {
  title: '',
  body: '',
  audienceMode: 'everyone',
  roles: [],
  priority: 'normal',
  pinned: false,
};

export function formOf(a: Announcement): AnnouncementFormValues {
  return {
    title: a.title,
    body: a.body,
    audienceMode: a.audience === null ? 'everyone' : 'roles',
    roles: a.audience ?? [],
    priority: a.priority,
    pinned: a.pinned,
  };
}

function audienceOf(values: AnnouncementFormValues): Role[] | null {
  return values.audienceMode === 'everyone' ? null : [...values.roles];
}

function sameAudience(a: readonly Role[] | null, b: readonly Role[] | null): boolean {
  if (a === null || b === null) return a === b;
  return a.length === b.length && a.every((role) => b.includes(role));
}

export function isFormDirty(
  values: AnnouncementFormValues,
  initial: AnnouncementFormValues,
): boolean {
  return (
    values.title !== initial.title ||
    values.body !== initial.body ||
    values.priority !== initial.priority ||
    values.pinned !== initial.pinned ||
    !sameAudience(audienceOf(values), audienceOf(initial))
  );
}

export function planCreate(input: {
  id: string;
  authorId: string;
  values: AnnouncementFormValues;
  now: Date;
}): PlannedMutation {
  const at = input.now.toISOString();
  const { values } = input;
  const row: Announcement = {
    id: input.id,
    title: values.title.trim(),
    body: values.body.trim(),
    audience: audienceOf(values),
    priority: values.priority,
    pinned: values.pinned,
    author_id: input.authorId,
    published_at: at,
    created_at: at,
    updated_at: at,
  };
  return planned(
    'announcement.create',
    {
      id: input.id,
      title: values.title,
      body: values.body,
      audience: audienceOf(values),
      priority: values.priority,
      pinned: values.pinned,
    },
    [{ entity: 'announcements', op: 'put', row }],
  );
}

/** announcement.update with only the changed fields; null when nothing changed. */
export function planEdit(input: {
  announcement: Announcement;
  values: AnnouncementFormValues;
  now: Date;
}): PlannedMutation | null {
  const { announcement: a, values } = input;
  const audience = audienceOf(values);
  const changed = {
    ...(values.title.trim() !== a.title && { title: values.title }),
    ...(values.body.trim() !== a.body && { body: values.body }),
    ...(!sameAudience(audience, a.audience) && { audience }),
    ...(values.priority !== a.priority && { priority: values.priority }),
    ...(values.pinned !== a.pinned && { pinned: values.pinned }),
  };
  if (Object.keys(changed).length === 0) return null;
  const row: Announcement = {
    ...a,
    ...changed,
    ...(changed.title !== undefined && { title: changed.title.trim() }),
    ...(changed.body !== undefined && { body: changed.body.trim() }),
    updated_at: input.now.toISOString(),
  };
  return planned('announcement.update', { id: a.id, ...changed }, [
    { entity: 'announcements', op: 'put', row },
  ]);
}

export function planDelete(id: string): PlannedMutation {
  return planned('announcement.delete', { id }, [{ entity: 'announcements', op: 'delete', id }]);
}

/** One announcement.mark_read per id, each with its optimistic read row. */
export function planMarkRead(input: {
  announcementIds: readonly string[];
  userId: string;
  newId: () => string;
  now: Date;
}): PlannedMutation[] {
  const at = input.now.toISOString();
  return input.announcementIds.map((announcementId) => {
    const row: AnnouncementRead = {
      id: input.newId(),
      announcement_id: announcementId,
      user_id: input.userId,
      read_at: at,
      created_at: at,
      updated_at: at,
    };
    return planned(
      'announcement.mark_read',
      { id: row.id, announcement_id: announcementId, read_at: at },
      [{ entity: 'announcement_reads', op: 'put', row }],
    );
  });
}

/** Field errors of a planned mutation, checked with the protocol's own schema. */
export function validatePlanned(step: PlannedMutation): Record<string, string[]> {
  const check = checkMutation({ name: step.name, args: step.args });
  if (check.ok) return {};
  return refusalTexts(check.fields, check.reason);
}
