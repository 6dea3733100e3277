/*
 * The parts of the notifications contract (notifications.ts, decision 031) that build no schema:
 * the sync engine (which entity a mutation's row is, where a refusal opens) and the service
 * worker read them at start, and importing notifications.ts for them would bring full zod into
 * the app's signed-in start, as sync-constants.ts explains for the envelope. Re-exported there.
 */

/** What a notification is about, named as its synced entity (`outbox`: a device's own entry). */
export const NOTIFICATION_SUBJECTS = [
  'reports',
  'item_requests',
  'announcements',
  'inventory_items',
  'rounds',
  'outbox',
] as const;
export type NotificationSubject = (typeof NOTIFICATION_SUBJECTS)[number];

/** The longest text one param carries (a report's description, a comment: their start). */
export const NOTIFICATION_PARAM_MAX = 160;

/** A param's text cut to NOTIFICATION_PARAM_MAX characters, with an ellipsis when cut. */
export function notificationExcerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length <= NOTIFICATION_PARAM_MAX
    ? flat
    : `${chars.slice(0, NOTIFICATION_PARAM_MAX - 1).join('')}…`;
}

/** The entity each notification mutation's row is (MUTATION_ENTITY spreads it). */
export const NOTIFICATION_MUTATION_ENTITY = {
  'notification.read': 'notifications',
  'notification.read_all': 'notifications',
  'notification_prefs.set': 'notification_prefs',
} as const;

/** What a notification is about: its subject's entity and id. */
interface Subject {
  subject_type: NotificationSubject;
  subject_id: string;
}

/** An occurrence id (rounds.ts `occurrenceId`: `<template id>:<YYYY-MM-DD>`), not imported: the
 * service worker reads this module at start and needs none of the rounds' arithmetic. */
const OCCURRENCE_ID = /^(.+):(\d{4}-\d{2}-\d{2})$/;

/**
 * A round's notification is about one occurrence (decision 030's identity): it opens that
 * occurrence's checklist, which every role may open (`/tasks/rounds/<template>/<date>`). A bare
 * template id (no day) opens the list of one's rounds and jobs.
 */
function roundPath(subjectId: string): string {
  const occurrence = OCCURRENCE_ID.exec(subjectId);
  if (occurrence === null) return '/tasks';
  const [, template = '', date = ''] = occurrence;
  return `/tasks/rounds/${encodeURIComponent(template)}/${date}`;
}

/** The screen a notification opens, for the inbox and the push alike. */
export function notificationPath(n: Subject): string {
  const ref = encodeURIComponent(n.subject_id);
  switch (n.subject_type) {
    case 'reports':
      return `/reports/${ref}`;
    case 'item_requests':
      return `/inventory?tab=requests&request=${ref}`;
    case 'inventory_items':
      return `/inventory?item=${ref}`;
    case 'announcements':
      return '/announcements';
    case 'rounds':
      return roundPath(n.subject_id);
    case 'outbox':
      return '/notifications';
  }
}

/** One tag per subject: later news of the same job replaces the earlier notification. */
export function notificationTag(n: Subject): string {
  return `${n.subject_type}:${n.subject_id}`;
}
