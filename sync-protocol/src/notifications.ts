import { z } from './zod.js';
import { code } from './error-codes.js';
import { LANGUAGES, REPORT_STATUSES, type Language, type ReportStatus } from './vocabulary.js';
import {
  NOTIFICATION_MUTATION_ENTITY,
  NOTIFICATION_PARAM_MAX,
  NOTIFICATION_SUBJECTS,
  type NotificationSubject,
} from './notification-places.js';

// What the sync engine and the bell need without any schema (a module that builds none, so
// importing it brings no zod into the app's signed-in start): see notification-places.ts.
export {
  NOTIFICATION_MUTATION_ENTITY,
  NOTIFICATION_PARAM_MAX,
  NOTIFICATION_SUBJECTS,
  notificationExcerpt,
  notificationPath,
  notificationTag,
} from './notification-places.js';
export type { NotificationSubject } from './notification-places.js';

/*
 * Notifications (issue 42, docs/decisions/031-notifications-and-web-push.md): the inbox row every
 * device syncs, the user's preferences, what the service worker receives in a push, and the REST
 * shapes of the push subscription. One module for the server that writes and sends them, the
 * phone that stores and shows them and the service worker that wakes for them.
 */

/** Written by the server, synced to the recipient's devices, and pushed. */
export const SERVER_NOTIFICATION_KINDS = [
  'job_assigned',
  'job_taken',
  'job_commented',
  'report_status',
  'request_approved',
  'request_rejected',
  'announcement',
  'round_due',
  'round_missed',
  'low_stock',
] as const;
export type ServerNotificationKind = (typeof SERVER_NOTIFICATION_KINDS)[number];
/** Written by the device into its own inbox; never on the wire, never pushed. */
export const DEVICE_NOTIFICATION_KINDS = ['sync_refused'] as const;
export type DeviceNotificationKind = (typeof DEVICE_NOTIFICATION_KINDS)[number];
export const NOTIFICATION_KINDS = [...SERVER_NOTIFICATION_KINDS, ...DEVICE_NOTIFICATION_KINDS];
export type NotificationKind = ServerNotificationKind | DeviceNotificationKind;

/**
 * How pressing a notification is: `urgent` (an urgent job) is the only one that pushes in quiet
 * hours; `important` (an important announcement) pushes by default where a normal announcement
 * only goes to the inbox.
 */
export const NOTIFICATION_PRIORITIES = ['normal', 'important', 'urgent'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** The Web Push `Urgency` header (RFC 8030 section 5.3). */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

interface KindRule {
  subject: NotificationSubject;
  /** How long a push service keeps it for a phone that is off (the `TTL` header), in seconds. */
  ttlSeconds: number;
  urgency: (priority: NotificationPriority) => PushUrgency;
}

const HOUR = 3600;
const DAY = 24 * HOUR;
const normal = (): PushUrgency => 'normal';

/** Each server kind's subject, TTL and urgency: the table of decision 031. */
export const NOTIFICATION_KIND_RULES = {
  job_assigned: {
    subject: 'reports',
    ttlSeconds: DAY,
    urgency: (p) => (p === 'urgent' ? 'high' : 'normal'),
  },
  job_taken: { subject: 'reports', ttlSeconds: DAY, urgency: normal },
  job_commented: { subject: 'reports', ttlSeconds: DAY, urgency: normal },
  report_status: { subject: 'reports', ttlSeconds: DAY, urgency: normal },
  request_approved: { subject: 'item_requests', ttlSeconds: 3 * DAY, urgency: normal },
  request_rejected: { subject: 'item_requests', ttlSeconds: 3 * DAY, urgency: normal },
  announcement: {
    subject: 'announcements',
    ttlSeconds: 3 * DAY,
    urgency: (p) => (p === 'normal' ? 'low' : 'normal'),
  },
  round_due: { subject: 'rounds', ttlSeconds: HOUR, urgency: normal },
  round_missed: { subject: 'rounds', ttlSeconds: 12 * HOUR, urgency: normal },
  low_stock: { subject: 'inventory_items', ttlSeconds: DAY, urgency: normal },
} as const satisfies Record<ServerNotificationKind, KindRule>;

/** Notifications older than this are not sent to a device (the server keeps them). */
export const NOTIFICATION_DAYS_ON_DEVICE = 60;

const id = z.string().min(1);
const iso = z.string();
const param = z.union([z.string().max(NOTIFICATION_PARAM_MAX), z.number(), z.null()]);

/**
 * What a kind's text reads, so the inbox shows it offline without the subject's row:
 * - `actor`: who did it (name); `report`: the start of the report's description;
 * - `comment`: the start of the comment; `status`: the report's new status;
 * - `number`, `item`: a request's number and what it asks for; `notes`: the approver's notes;
 * - `title`: the announcement's title; `round`, `due`: a round's name and due time (HH:MM);
 * - `item`, `stock`, `min_stock`, `unit`: a low item; `message`: a refusal's words.
 */
export const notificationParamsSchema = z.record(z.string(), param);
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

/** One inbox row, as the pull carries it and the device stores it. */
export const notificationSchema = z.object({
  id,
  created_at: iso,
  updated_at: iso,
  user_id: id,
  kind: z.enum(SERVER_NOTIFICATION_KINDS),
  subject_type: z.enum(NOTIFICATION_SUBJECTS),
  subject_id: id,
  /** Who caused it; null for what nobody did (a round missed). */
  actor_id: id.nullable(),
  params: notificationParamsSchema,
  priority: z.enum(NOTIFICATION_PRIORITIES),
  /** When the user read it, on any of their devices; null while unread. */
  read_at: iso.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A row of the device's inbox: the server's, or one the device wrote itself. */
export type InboxNotification =
  Notification | (Omit<Notification, 'kind'> & { kind: DeviceNotificationKind });

// ---------------------------------------------------------------------------------------------
// Preferences

const clockTime = z
  .string({ error: code('quiet_hours_invalid') })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, code('quiet_hours_invalid'));

export const quietHoursSchema = z
  .object({ start: clockTime, end: clockTime })
  .refine((v) => v.start !== v.end, { message: code('quiet_hours_invalid'), path: ['end'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const ANNOUNCEMENT_PUSH = ['important', 'all'] as const;
export type AnnouncementPush = (typeof ANNOUNCEMENT_PUSH)[number];

/** Per kind: whether it pushes. A kind missing from a stored row pushes (the default). */
export const pushByKindSchema = z.partialRecord(z.enum(SERVER_NOTIFICATION_KINDS), z.boolean());

/** The user's preferences as synced (entity `notification_prefs`, id = the user's id). */
export const notificationPrefsSchema = z.object({
  id,
  created_at: iso,
  updated_at: iso,
  push: pushByKindSchema,
  announcements: z.enum(ANNOUNCEMENT_PUSH),
  /** In the school's time (SCHOOL_UTC_OFFSET); null: no quiet hours. */
  quiet_hours: quietHoursSchema.nullable(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;
export type NotificationPrefChoices = Pick<
  NotificationPrefs,
  'push' | 'announcements' | 'quiet_hours'
>;

/** A user with no stored row has these. */
export const DEFAULT_NOTIFICATION_PREFS: NotificationPrefChoices = {
  push: {},
  announcements: 'important',
  quiet_hours: { start: '21:00', end: '06:00' },
};

function minutesOf(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/**
 * Whether `instant` falls in the quiet hours, read on the school's clock (`offsetMinutes` east of
 * UTC). The hours may wrap midnight (21:00-06:00); the start is inside, the end is not.
 */
export function inQuietHours(
  quiet: QuietHours | null,
  instant: Date,
  offsetMinutes: number,
): boolean {
  if (quiet === null) return false;
  const local = new Date(instant.getTime() + offsetMinutes * 60_000);
  const now = local.getUTCHours() * 60 + local.getUTCMinutes();
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/**
 * Whether a notification is pushed to the user now: the kind is on, an announcement is important
 * or the user asked for all, and quiet hours let it through (only urgent ones do). The inbox gets
 * every notification whatever this says.
 */
export function shouldPush(
  n: Pick<Notification, 'kind' | 'priority'>,
  prefs: NotificationPrefChoices,
  instant: Date,
  offsetMinutes: number,
): boolean {
  if (prefs.push[n.kind] === false) return false;
  if (n.kind === 'announcement' && n.priority === 'normal' && prefs.announcements !== 'all') {
    return false;
  }
  return n.priority === 'urgent' || !inQuietHours(prefs.quiet_hours, instant, offsetMinutes);
}

// ---------------------------------------------------------------------------------------------
// Mutations (registered in mutations/index.ts)

const uuid = z.uuid({ error: code('invalid_id') });
const readAt = z.iso.datetime({ offset: true, error: code('invalid_time') });

/** Marks one notification read. Someone else's, or none, is a no-op. */
export const notificationReadArgs = z.object({ id: uuid, read_at: readAt });
/**
 * Marks read every unread notification of the user created at or before the one named `id`
 * (the newest the device holds), so nothing that arrived after the user looked is marked.
 */
export const notificationReadAllArgs = z.object({ id: uuid, read_at: readAt });
/** Sets the pusher's own preferences (`id` = their user id); only the fields sent change. */
export const notificationPrefsSetArgs = z
  .object({
    id: uuid,
    push: pushByKindSchema.optional(),
    announcements: z.enum(ANNOUNCEMENT_PUSH).optional(),
    quiet_hours: quietHoursSchema.nullable().optional(),
  })
  .refine(
    (v) => v.push !== undefined || v.announcements !== undefined || v.quiet_hours !== undefined,
    { message: code('notification_prefs_empty') },
  );

/**
 * The mutations of this module, by name. The server commit that handles them spreads this into
 * MUTATION_ARGS, and NOTIFICATION_ENTITIES into SYNCED_ENTITIES with their changes in the pull
 * (decision 031): every mutation's row is its args.id's, `notification.read_all`'s the newest
 * notification it marks.
 */
export const NOTIFICATION_MUTATION_ARGS = {
  'notification.read': notificationReadArgs,
  'notification.read_all': notificationReadAllArgs,
  'notification_prefs.set': notificationPrefsSetArgs,
} as const;
/** The synced entities of notifications: the inbox rows and the user's preferences. */
export const NOTIFICATION_ENTITIES = ['notifications', 'notification_prefs'] as const;

// ---------------------------------------------------------------------------------------------
// What the service worker receives

/** The JSON a push carries, decrypted; the texts are already in the recipient's language. */
export const pushPayloadSchema = z.object({
  v: z.literal(1),
  /** The notification's id (the inbox row). */
  id,
  kind: z.enum(SERVER_NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** The app's path to open, e.g. `/reports/<id>` (notificationPath). */
  url: z.string().startsWith('/'),
  /** Notifications about the same subject replace each other on the phone. */
  tag: z.string(),
  /** The user's unread notifications when it was sent: the app badge. */
  unread: z.number().int().nonnegative(),
  urgent: z.boolean(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// REST: GET /api/push/public-key, POST and DELETE /api/push/subscriptions

export const PUSH_PUBLIC_KEY_PATH = '/api/push/public-key';
export const PUSH_SUBSCRIPTIONS_PATH = '/api/push/subscriptions';

/** The VAPID public key: the uncompressed P-256 point, base64url, no padding (65 bytes). */
export const pushPublicKeySchema = z.object({
  public_key: z.string().regex(/^[A-Za-z0-9_-]{87}$/),
});
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, code('push_subscription_invalid'));
const endpoint = z
  .url({ error: code('push_subscription_invalid') })
  .max(2000, code('push_subscription_invalid'));

/** `PushSubscription.toJSON()` as the browser gives it, and the device's sync client id. */
export const pushSubscriptionBodySchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(64) }),
  client_id: z.uuid({ error: code('invalid_id') }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
/** 201 (new) or 200 (an endpoint the server already had, now the caller's). */
export const pushSubscriptionAnswerSchema = z.object({ id });
export const pushUnsubscribeBodySchema = z.object({ endpoint });

/**
 * `GET /api/announcements/unread-count`: the spec's `count` (announcements), and the user's
 * unread notifications, absent from an older server. A device whose `notifications` changed
 * syncs, so without push the inbox is at most one poll late.
 */
export const unreadCountAnswerSchema = z.object({
  count: z.number().int().nonnegative(),
  notifications: z.number().int().nonnegative().optional(),
});
export type UnreadCountAnswer = z.infer<typeof unreadCountAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Words and places

type Pair = readonly [id: string, en: string];
const STATUS_WORDS: Record<ReportStatus, Pair> = {
  pending: ['Menunggu', 'Pending'],
  in_progress: ['Dikerjakan', 'In progress'],
  completed: ['Selesai', 'Completed'],
  cancelled: ['Dibatalkan', 'Cancelled'],
};

interface TextPairs {
  title: Pair;
  body: Pair;
}

/** The texts of each kind, Indonesian first (decision 016); `{name}` is a param. */
export const NOTIFICATION_TEXTS: Record<NotificationKind, TextPairs> = {
  job_assigned: {
    title: ['Pekerjaan baru untuk Anda', 'A new job for you'],
    body: ['{actor} menugaskan Anda: {report}', '{actor} assigned you: {report}'],
  },
  job_taken: {
    title: ['Pekerjaan dialihkan', 'Job reassigned'],
    body: [
      '{actor} mengalihkan pekerjaan ini dari Anda: {report}',
      '{actor} took this job from you: {report}',
    ],
  },
  job_commented: {
    title: ['Komentar baru', 'New comment'],
    body: ['{actor} pada "{report}": {comment}', '{actor} on "{report}": {comment}'],
  },
  report_status: {
    title: ['Status laporan berubah: {status}', 'Report status changed: {status}'],
    body: ['{actor} mengubah "{report}"', '{actor} changed "{report}"'],
  },
  request_approved: {
    title: ['Permintaan {number} disetujui', 'Request {number} approved'],
    body: ['{item} disetujui oleh {actor}', '{item} approved by {actor}'],
  },
  request_rejected: {
    title: ['Permintaan {number} ditolak', 'Request {number} rejected'],
    body: ['{item} ditolak oleh {actor}', '{item} rejected by {actor}'],
  },
  announcement: {
    title: ['Pengumuman: {title}', 'Announcement: {title}'],
    body: ['Dari {actor}', 'From {actor}'],
  },
  round_due: {
    title: ['Ronde segera jatuh tempo', 'Round due soon'],
    body: ['{round}, pukul {due}', '{round}, at {due}'],
  },
  round_missed: {
    title: ['Ronde terlewat', 'Round missed'],
    body: ['{round}, pukul {due}', '{round}, at {due}'],
  },
  low_stock: {
    title: ['Stok menipis: {item}', 'Low stock: {item}'],
    body: [
      'Sisa {stock} {unit}, minimum {min_stock} {unit}',
      '{stock} {unit} left, minimum {min_stock} {unit}',
    ],
  },
  sync_refused: {
    title: ['Perubahan ditolak server', 'A change was refused'],
    body: ['{message} Buka untuk memperbaiki.', '{message} Open it to fix.'],
  },
};
const URGENT_JOB_TITLE: Pair = ['Pekerjaan mendesak untuk Anda', 'An urgent job for you'];

function isReportStatus(value: unknown): value is ReportStatus {
  return typeof value === 'string' && (REPORT_STATUSES as readonly string[]).includes(value);
}

/** `{name}` replaced by the param (a status by its word); a missing param reads as nothing. */
function fill(template: string, params: NotificationParams, lang: number): string {
  return template
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = params[name];
      if (name === 'status' && isReportStatus(value)) return STATUS_WORDS[value][lang] ?? value;
      return value === null || value === undefined ? '' : String(value);
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The title and body of a notification in `language`: the inbox's words and the push's. */
export function notificationText(
  n: Pick<InboxNotification, 'kind' | 'params' | 'priority'>,
  language: Language,
): { title: string; body: string } {
  const lang = LANGUAGES.indexOf(language);
  const texts = NOTIFICATION_TEXTS[n.kind];
  const title =
    n.kind === 'job_assigned' && n.priority === 'urgent' ? URGENT_JOB_TITLE : texts.title;
  return {
    title: fill(title[lang] ?? title[0], n.params, lang),
    body: fill(texts.body[lang] ?? texts.body[0], n.params, lang),
  };
}

// Every notification mutation names the entity its row is (notification-places.ts builds no schema).
NOTIFICATION_MUTATION_ENTITY satisfies Record<keyof typeof NOTIFICATION_MUTATION_ARGS, string>;
