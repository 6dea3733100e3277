import { Dexie, type DexieOptions, type EntityTable, type Table, type Transaction } from 'dexie';
import {
  type AccountRole,
  SYNCED_ENTITIES,
  type AllowedImageType,
  type CapturedAt,
  type Change,
  type MutationEnvelope,
  type MutationResult,
  type InboxNotification,
  type NotificationPrefs,
  type SyncedEntity,
  type User,
} from '@urs/sync-protocol';

/** A synced row exactly as the server sends it in a pull; the contract owns the shape. */
export type EntityRow<E extends SyncedEntity> = Extract<Change, { entity: E; op: 'put' }>['row'];
export type SyncedRow = EntityRow<SyncedEntity>;

export type OutboxStatus = 'pending' | 'rejected';
export type RejectedResult = Extract<MutationResult, { status: 'rejected' }>;

/** One queued mutation of one user. Confirmed entries are deleted; rejected ones stay for the user. */
export interface OutboxEntry {
  /** Auto-increment key, local to this device. */
  id: number;
  user_id: string;
  /** Per (user, client_id), strictly increasing, assigned at enqueue; the server's dedup key. */
  seq: number;
  mutation: MutationEnvelope;
  status: OutboxStatus;
  result?: RejectedResult;
  /** The row the mutation is about (its `args.id`), so a screen can show "waiting to sync". */
  entity: SyncedEntity;
  entity_id: string;
  /** `entity/id` of every row this entry's optimistic write touched: these rows ignore pulls. */
  rows: string[];
  /** Photos that must be uploaded before this mutation may be pushed. */
  photo_ids: string[];
  created_at: string;
}

export interface PhotoUploadError {
  status: number;
  message: string;
  code?: string;
}

/**
 * A photo's bytes kept on the device until (and after) upload. ArrayBuffer + type, never Blob:
 * Safari has lost Blobs stored in IndexedDB, and an ArrayBuffer survives structured clone
 * everywhere.
 */
export interface PhotoRecord {
  id: string;
  user_id: string;
  bytes: ArrayBuffer;
  mime_type: AllowedImageType;
  sha256: string;
  size_bytes: number;
  /** Read from the original file's EXIF before compression; absent on photos saved before. */
  captured_at?: CapturedAt | null;
  /** 0|1, not boolean: IndexedDB cannot index booleans. */
  uploaded: 0 | 1;
  /** Set when the server refused the bytes for good (4xx); such a photo is not retried. */
  upload_error: PhotoUploadError | null;
  created_at: string;
}

export type PausedReason = 'unauthorized';

/** Sync bookkeeping per user on this device. */
export interface SyncState {
  user_id: string;
  /** Made once per user per device; the server keys its last_seq ledger by (user, client_id). */
  client_id: string;
  next_seq: number;
  /** Opaque pull cursor; '' means "from the beginning". */
  cursor: string;
  last_success_at: string | null;
  last_error: string | null;
  paused_reason: PausedReason | null;
  /** The signed-in user's full profile as of the last pull. */
  me: User | null;
  unread_announcements: number;
  /**
   * A catch-up an earlier pull run left unfinished (a page that failed on a slow link, the app
   * closed): changes applied so far of the total known, stored with each page's cursor so the
   * next run goes on counting from there (sync/pull-progress.ts). Absent or null once caught up.
   */
  pull_progress?: { applied: number; total: number } | null;
  /**
   * Whether a pull from the beginning has reached its last page since the cursor was last
   * reset: false while a first download is unfinished (sync/first-download.ts). Absent on
   * devices that synced before it was kept, which read it from the cursor and the progress.
   */
  filled?: boolean;
}

/**
 * The server's version of a row that a local, unconfirmed change overrides. Kept so a
 * discarded or silently-dropped local change can be undone without a refetch.
 */
export interface ShadowRow {
  entity: SyncedEntity;
  id: string;
  /** null: the server has no such row (not yet created, or deleted). */
  row: SyncedRow | null;
}

/** Which user's data the entity tables currently hold; one device may be shared. */
export interface DataOwner {
  key: 'data_owner';
  user_id: string;
  /**
   * The role the tables were filled for (sync/pull.ts): the server chooses rows by it, so
   * another role means other rows. Absent until the first page of a fill, and on devices
   * that synced before it was kept.
   */
  role?: AccountRole;
}

/**
 * One user's rows that their unaccepted outbox entries hold, as the device showed them, and the
 * shadows behind them: put aside when another user claims the tables, put back when this user
 * claims them again (sync/local-data-owner.ts).
 */
export interface HeldRowsAside {
  key: `held_rows:${string}`;
  rows: { entity: SyncedEntity; id: string; row: SyncedRow | null }[];
  shadows: ShadowRow[];
}

/**
 * The name of a user, area, category or item deleted on the server, from the pull's delete
 * (sync/departed.ts): the row goes, the records that name it still say whose or where.
 */
export interface DepartedName {
  key: `departed:${NamedEntity}:${string}`;
  name: string;
}

/** The entities whose rows other records name. */
export type NamedEntity = 'users' | 'areas' | 'categories' | 'inventory_items';

export type MetaRow = DataOwner | HeldRowsAside | DepartedName;

export const DATABASE_NAME = 'urs';

/** Every table of the device's database: one per synced entity, and the sync's own. */
export type LocalTable = SyncedEntity | 'outbox' | 'photos' | 'sync_state' | 'shadows' | 'meta';

/**
 * Version 1 of the schema. A later change adds `this.version(2).stores(...)` beside this one;
 * never edit a shipped version, or existing devices keep the old shape.
 */
const SCHEMA_V1 = {
  users: 'id',
  areas: 'id',
  categories: 'id',
  reports: 'id, reporter_id, created_at, status, area_id, [reporter_id+created_at]',
  report_photos: 'id, report_id',
  inventory_items: 'id, name',
  stock_transactions: 'id, item_id',
  item_requests: 'id, requester_id, status, created_at',
  announcements: 'id, published_at',
  announcement_reads: 'id, announcement_id',
  outbox: '++id, [user_id+seq], [user_id+status], [entity+entity_id], *rows',
  photos: 'id, [user_id+uploaded], sha256',
  sync_state: 'user_id',
  shadows: '[entity+id]',
  meta: 'key',
} satisfies Record<
  Exclude<
    LocalTable,
    | 'report_events'
    | 'notifications'
    | 'notification_prefs'
    | 'round_templates'
    | 'round_completions'
  >,
  string
>;

/**
 * Version 2: reports are listed by when they were filed on the device (`reported_at`), no longer
 * by the server's receipt time. Only the changed table is named; the others keep version 1.
 */
const SCHEMA_V2 = {
  reports: 'id, reporter_id, reported_at, status, area_id, [reporter_id+reported_at]',
} satisfies Partial<typeof SCHEMA_V1>;

/**
 * Version 3: only the indexes a query reads. Every index is written again for each row a pull
 * applies, and in Chromium each one cost about as much as the row itself (10,000 report rows:
 * 0.8-1.4 s with no index, 4.3 s with the five of version 2), so the ones nothing asks for went:
 * a report's area, its reporter alone (read through the reporter's compound index), an item's
 * name, a request's requester, status and creation time, an announcement's publication time and
 * a read's announcement. Screens that list those tables read them whole.
 */
const SCHEMA_V3 = {
  reports: 'id, reported_at, status, [reporter_id+reported_at]',
  inventory_items: 'id',
  item_requests: 'id',
  announcements: 'id',
  announcement_reads: 'id',
} satisfies Partial<typeof SCHEMA_V1>;

/**
 * Version 4: jobs (decision 028). A report gains its assignee, priority, due day and time, the
 * time it was completed and its origin; `/tasks` reads a user's open jobs through
 * `[assignee_id+status]` (an unassigned report, null, is in no entry of it, which is what that
 * screen wants). Each report's timeline is `report_events`, read and dropped by `report_id`.
 */
const SCHEMA_V4 = {
  reports: 'id, reported_at, status, [reporter_id+reported_at], [assignee_id+status]',
  report_events: 'id, report_id',
} satisfies Partial<Record<LocalTable, string>>;

/**
 * Version 5: notifications (decision 031). The inbox lists a user's notifications newest first
 * through `created_at`; its unread count reads the rows whole (an unread row's `read_at` is null,
 * which IndexedDB cannot index, and the device keeps at most 60 days of them). The preferences
 * are one row, the user's own, by id.
 */
const SCHEMA_V5 = {
  notifications: 'id, created_at',
  notification_prefs: 'id',
} satisfies Partial<Record<LocalTable, string>>;

/**
 * Version 6: rounds (docs/decisions/030-rounds.md). Templates are few and read whole; a
 * completion is looked up by its occurrence (is today's done, and by whom?) and by template
 * (the last one, which an `after_completion` schedule counts from).
 */
const SCHEMA_V6 = {
  round_templates: 'id',
  round_completions: 'id, occurrence_id, template_id',
} satisfies Partial<Record<LocalTable, string>>;

export class UrsDatabase extends Dexie {
  declare users: EntityTable<EntityRow<'users'>, 'id'>;
  declare areas: EntityTable<EntityRow<'areas'>, 'id'>;
  declare categories: EntityTable<EntityRow<'categories'>, 'id'>;
  declare reports: EntityTable<EntityRow<'reports'>, 'id'>;
  declare report_photos: EntityTable<EntityRow<'report_photos'>, 'id'>;
  declare report_events: EntityTable<EntityRow<'report_events'>, 'id'>;
  declare inventory_items: EntityTable<EntityRow<'inventory_items'>, 'id'>;
  declare stock_transactions: EntityTable<EntityRow<'stock_transactions'>, 'id'>;
  declare item_requests: EntityTable<EntityRow<'item_requests'>, 'id'>;
  declare announcements: EntityTable<EntityRow<'announcements'>, 'id'>;
  declare announcement_reads: EntityTable<EntityRow<'announcement_reads'>, 'id'>;
  /** The server's rows and the ones the device wrote itself (`sync_refused`). */
  declare notifications: EntityTable<InboxNotification, 'id'>;
  declare notification_prefs: EntityTable<NotificationPrefs, 'id'>;
  declare round_templates: EntityTable<EntityRow<'round_templates'>, 'id'>;
  declare round_completions: EntityTable<EntityRow<'round_completions'>, 'id'>;
  declare outbox: EntityTable<OutboxEntry, 'id'>;
  declare photos: EntityTable<PhotoRecord, 'id'>;
  declare sync_state: EntityTable<SyncState, 'user_id'>;
  declare shadows: Table<ShadowRow, [SyncedEntity, string]>;
  declare meta: Table<MetaRow, MetaRow['key']>;

  constructor(name: string, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2).upgrade(fileStoredReports);
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4).upgrade(giveStoredReportsTheirJob);
    this.version(5).stores(SCHEMA_V5);
    this.version(6).stores(SCHEMA_V6);
  }

  /** The table of one synced entity, typed by the union of synced rows. */
  entityTable(entity: SyncedEntity): Table<SyncedRow, string> {
    return this.table<SyncedRow, string>(entity);
  }

  /** Every synced entity table, for transactions that may touch any of them. */
  entityTables(): Table<SyncedRow, string>[] {
    return SYNCED_ENTITIES.map((entity) => this.entityTable(entity));
  }
}

/**
 * Reports stored before filing times existed were filed, as far as anyone knows, when they were
 * created: on the device for one not yet synced (its optimistic row's time is the device's),
 * on the server for one pulled, which is what the server's own backfill says too. Kept server
 * versions (shadows) get the same, so undoing a local change restores a complete row.
 */
async function fileStoredReports(tx: Transaction): Promise<void> {
  await tx
    .table<{ reported_at?: string; created_at: string }>('reports')
    .toCollection()
    .modify((row) => {
      row.reported_at ??= row.created_at;
    });
  await tx
    .table<{ entity: string; row: { reported_at?: string; created_at: string } | null }>('shadows')
    .where('[entity+id]')
    .between(['reports', Dexie.minKey], ['reports', Dexie.maxKey])
    .modify((shadow) => {
      if (shadow.row !== null) shadow.row.reported_at ??= shadow.row.created_at;
    });
}

/** A report as stored by an older version of the app: any fields, its reporter among them. */
type StoredReport = Record<string, unknown> & { reporter_id: string };

/**
 * A report from before jobs was its reporter's own work (decision 028): assigned to them, of
 * normal priority, with no due day, and filed by staff. A completed one is dated as the server's
 * migration dates it (api/src/db/migrations/0013_jobs.sql), which sends no device its reports
 * again: its filing time when it never changed after it arrived, else its last change. Every
 * copy the device
 * holds gets the same: the live rows, the server versions kept as shadows, and the rows a
 * user's unsent work put aside while someone else used the device (decision 022), so that
 * putting any of them back restores a complete row.
 */
export function giveJobFields(row: StoredReport): void {
  const defaults: Record<string, unknown> = {
    assignee_id: row.reporter_id,
    priority: 'normal',
    due_date: null,
    due_time: null,
    completed_at:
      row['status'] !== 'completed'
        ? null
        : row['updated_at'] === row['created_at']
          ? row['reported_at']
          : row['updated_at'],
    origin: 'staff',
  };
  for (const [field, value] of Object.entries(defaults)) {
    if (row[field] === undefined) row[field] = value;
  }
}

type HeldCopy = { entity: string; row: StoredReport | null };

async function giveStoredReportsTheirJob(tx: Transaction): Promise<void> {
  await tx
    .table<StoredReport>('reports')
    .toCollection()
    .modify((row) => {
      giveJobFields(row);
    });
  await tx
    .table<{ entity: string; row: StoredReport | null }>('shadows')
    .where('[entity+id]')
    .between(['reports', Dexie.minKey], ['reports', Dexie.maxKey])
    .modify((shadow) => {
      if (shadow.row !== null) giveJobFields(shadow.row);
    });
  await tx
    .table<{ key: string; rows?: HeldCopy[]; shadows?: HeldCopy[] }>('meta')
    .where('key')
    .startsWith('held_rows:')
    .modify((aside) => {
      for (const held of [...(aside.rows ?? []), ...(aside.shadows ?? [])]) {
        if (held.entity === 'reports' && held.row !== null) giveJobFields(held.row);
      }
    });
}

/** Opens (lazily, on first use) the app database; tests pass their own name. */
export function openUrsDatabase(name = DATABASE_NAME, options?: DexieOptions): UrsDatabase {
  return new UrsDatabase(name, options);
}
