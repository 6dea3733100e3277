import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import {
  ANNOUNCEMENT_PRIORITIES,
  JOB_PRIORITIES,
  LANGUAGES,
  PHOTO_KINDS,
  REPORT_EVENT_KINDS,
  REPORT_ORIGINS,
  REPORT_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SYNC_ERROR_CODES,
  ACCOUNT_ROLES,
  ROLES,
  THEMES,
  TRANSACTION_TYPES,
  WORK_TYPES,
  NOTIFICATION_PRIORITIES,
  NOTIFICATION_SUBJECTS,
  SERVER_NOTIFICATION_KINDS,
  ANNOUNCEMENT_PUSH,
  type ErrorReason,
  type FieldReasons,
  type JobChanges,
  type NotificationParams,
  type QuietHours,
  type ServerNotificationKind,
  type RoundAnswer,
  type RoundItem,
  type RoundPause,
  type RoundSchedule,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';

/** `sync_rejections.errors`: a refusal's reasons; rows from before error codes hold field texts. */
export type StoredRefusal =
  { reason: ErrorReason; fields?: FieldReasons } | Record<string, string[]>;

/*
 * Timestamps are ISO-8601 UTC strings (`2026-11-22T04:31:41.123Z`): they sort as text,
 * read well in the database and move to PostgreSQL unchanged.
 *
 * Every synced table carries the same four columns: a client-generatable UUID id,
 * created_at/updated_at, `change_seq` (taken from its school's `change_counter` row in the same
 * transaction as the write, so pull can page every table of a school by one cursor) and
 * `deleted_at`, the tombstone that tells other devices a row is gone.
 *
 * Every school-owned row names its school (`school_id`, docs/decisions/027-schools-as-tenants.md):
 * written on every insert, never changed, and kept off the wire (data/wire-json.ts lists the wire
 * columns). SQLite has no foreign key on these NOT NULL columns (it cannot add one to an existing
 * table without rebuilding it); schema.pg.ts gives every `school_id` one on PostgreSQL. Uniqueness a
 * school expects (area and category names, SKUs, request numbers) is per school; emails stay
 * unique across the deployment, so signing in needs no school picker.
 */
const syncColumns = {
  id: text('id').primaryKey(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at').notNull(),
  changeSeq: integer('change_seq').notNull(),
  deletedAt: text('deleted_at'),
};

/**
 * The tenants: one deployment holds one or more schools (a single-school install has exactly
 * one, `FIRST_SCHOOL_ID`, db/schools.ts). Never deleted: a deactivated school keeps its rows.
 */
export const schools = sqliteTable(
  'schools',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** What a self-registration link carries to name this school; null: none issued. */
    registrationCode: text('registration_code'),
    /** JSON array of email domains whose single sign-on accounts belong here; null: none. */
    ssoDomains: text('sso_domains', { mode: 'json' }).$type<string[] | null>(),
    /**
     * Whether the public form behind the areas' QR posters takes problems from people without an
     * account (docs/decisions/029-public-problem-form.md); the school's admin switches it.
     */
    posterReports: integer('poster_reports', { mode: 'boolean' }).notNull().default(true),
    /**
     * The UTC offset, in minutes east, that the school's kept report figures (report_totals and
     * the report_*_days tables) are dated in: their triggers read it. services/report-tallies.ts
     * keeps it equal to SCHOOL_UTC_OFFSET, recounting the school when it is not
     * (docs/decisions/034-kept-report-figures.md). 420 is WIB, the default.
     */
    tallyOffsetMinutes: integer('tally_offset_minutes').notNull().default(420),
    deactivatedAt: text('deactivated_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('schools_name_uq').on(t.name),
    uniqueIndex('schools_registration_code_uq').on(t.registrationCode),
  ],
);

/**
 * One change counter per school (db/change-seq.ts): pushes of different schools lock different
 * rows. A table of its own rather than a column of `schools`, whose row every insert of a
 * school-owned row locks FOR KEY SHARE on PostgreSQL (the foreign key), which a counter's
 * FOR UPDATE would block.
 */
export const changeCounter = sqliteTable('change_counter', {
  schoolId: text('school_id')
    .primaryKey()
    .references(() => schools.id),
  value: integer('value').notNull(),
});

/** The school of a school-owned row; see the comment at the top. */
const schoolId = () => text('school_id').notNull();

export const users = sqliteTable(
  'users',
  {
    ...syncColumns,
    /** Null only for a district administrator, who belongs to no school (decision 027). */
    schoolId: text('school_id').references(() => schools.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    role: text('role', { enum: ACCOUNT_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    preferredTheme: text('preferred_theme', { enum: THEMES }).notNull().default('dark'),
    preferredLanguage: text('preferred_language', { enum: LANGUAGES }).notNull().default('id'),
    photoSha256: text('photo_sha256'),
    lastActiveAt: text('last_active_at'),
  },
  (t) => [
    // Live emails are unique; a deleted user's address may be registered again.
    uniqueIndex('users_email_live_uq')
      .on(t.email)
      .where(sql`deleted_at IS NULL`),
    index('users_school_role_idx').on(t.schoolId, t.role, t.name),
    index('users_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
    userAgent: text('user_agent'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

/** One row per user per school-local day they used the app: daily active users and activity. */
export const userActivity = sqliteTable(
  'user_activity',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

export const areas = sqliteTable(
  'areas',
  {
    ...syncColumns,
    schoolId: schoolId(),
    name: text('name').notNull(),
    description: text('description'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    uniqueIndex('areas_school_name_live_uq')
      .on(t.schoolId, t.name)
      .where(sql`deleted_at IS NULL`),
    index('areas_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

/**
 * The token an area's QR poster carries to the public problem form (decision 029): unguessable,
 * so the poster's address names the area without revealing its id, and replaceable, so a poster
 * that was misused stops working without the area changing. Made when the admin first opens the
 * posters; not synced (only the admin's posters screen reads it).
 */
export const areaPosters = sqliteTable(
  'area_posters',
  {
    areaId: text('area_id')
      .primaryKey()
      .references(() => areas.id),
    schoolId: schoolId(),
    token: text('token').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('area_posters_token_uq').on(t.token)],
);

export const categories = sqliteTable(
  'categories',
  {
    ...syncColumns,
    schoolId: schoolId(),
    name: text('name').notNull(),
    description: text('description'),
  },
  (t) => [
    uniqueIndex('categories_school_name_live_uq')
      .on(t.schoolId, t.name)
      .where(sql`deleted_at IS NULL`),
    index('categories_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

export const reports = sqliteTable(
  'reports',
  {
    ...syncColumns,
    schoolId: schoolId(),
    /**
     * Human-readable number (LAP-2026-000123), assigned by the server when the report arrives,
     * as a request's REQ number is: each school counts its own, per year of its own calendar.
     * Null only on a device, before the report has reached the server.
     */
    number: text('number'),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id),
    areaId: text('area_id')
      .notNull()
      .references(() => areas.id),
    categoryId: text('category_id').references(() => categories.id),
    workType: text('work_type', { enum: WORK_TYPES }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    adminNote: text('admin_note'),
    /**
     * When the work was filed on the device, bounded on arrival (sync/filing-time.ts); the
     * inherited created_at is when the server received it. Every "when was it reported" reads
     * this column: docs/decisions/012-device-filing-time.md.
     */
    reportedAt: text('reported_at').notNull(),
    /*
     * The job (docs/decisions/028-jobs-on-reports.md): who does it (null: unassigned, in the
     * admin's queue), how urgent, and by when in the school's calendar (`YYYY-MM-DD`, optionally
     * `HH:MM`; overdue is derived, never stored). `completed_at` is the device time of the
     * completion that closed it; null while not completed.
     */
    assigneeId: text('assignee_id').references(() => users.id),
    priority: text('priority', { enum: JOB_PRIORITIES }).notNull().default('normal'),
    dueDate: text('due_date'),
    dueTime: text('due_time'),
    completedAt: text('completed_at'),
    origin: text('origin', { enum: REPORT_ORIGINS }).notNull().default('staff'),
    /**
     * A report raised from a failed item of a round (docs/decisions/030-rounds.md): the
     * completion and the checklist item. Null for every other report.
     */
    roundCompletionId: text('round_completion_id'),
    roundItemId: text('round_item_id'),
  },
  (t) => [
    // The next number reads the school's last one of the year; the admin's search finds one.
    uniqueIndex('reports_school_number_uq').on(t.schoolId, t.number),
    // The admin list sorts by filing time and filters by status, area, reporter (and so role)
    // and filing dates, within a school; sorting by receipt time stays possible. Area and
    // reporter ids belong to one school, so their indexes need no school in front.
    index('reports_school_reported_idx').on(t.schoolId, t.reportedAt),
    index('reports_school_created_idx').on(t.schoolId, t.createdAt),
    index('reports_school_status_reported_idx').on(t.schoolId, t.status, t.reportedAt),
    // Analytics read only live rows by date, status, area and reporter: these partial covering
    // indexes answer their counts without touching the table.
    index('reports_school_live_reported_idx')
      .on(t.schoolId, t.reportedAt, t.status, t.areaId, t.reporterId)
      .where(sql`deleted_at IS NULL`),
    index('reports_school_live_status_area_idx')
      .on(t.schoolId, t.status, t.areaId)
      .where(sql`deleted_at IS NULL`),
    // The analytics' jobs (services/analytics-jobs.ts): open work per person and whether it is
    // overdue, from the index alone (deleted_at, always NULL in it, because SQLite counts the
    // partial index's own condition as a column the query reads); and the jobs completed in a
    // period, by completion time.
    index('reports_school_live_status_assignee_idx')
      .on(t.schoolId, t.status, t.assigneeId, t.dueDate, t.dueTime, t.deletedAt)
      .where(sql`deleted_at IS NULL`),
    index('reports_school_live_completed_idx')
      .on(t.schoolId, t.completedAt)
      .where(sql`deleted_at IS NULL`),
    index('reports_area_reported_idx').on(t.areaId, t.reportedAt),
    index('reports_reporter_reported_idx').on(t.reporterId, t.reportedAt),
    index('reports_school_change_seq_idx').on(t.schoolId, t.changeSeq),
    // A staff member's pull: the rows they filed, and those assigned to them, past the cursor,
    // in change order, each from one range (sync/pull.ts).
    index('reports_school_reporter_change_seq_idx').on(t.schoolId, t.reporterId, t.changeSeq),
    index('reports_school_assignee_change_seq_idx').on(t.schoolId, t.assigneeId, t.changeSeq),
  ],
);

export const reportPhotos = sqliteTable(
  'report_photos',
  {
    ...syncColumns,
    schoolId: schoolId(),
    reportId: text('report_id')
      .notNull()
      .references(() => reports.id),
    kind: text('kind', { enum: PHOTO_KINDS }).notNull(),
    /** Content address of the bytes in the photo store. */
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull().default(0),
    /** EXIF capture time as the device read it (sync-protocol capture-time.ts); null: unknown. */
    capturedAt: text('captured_at'),
    /**
     * The report's reporter and assignee, copied when the photo is attached and the assignee
     * again whenever the job changes hands (decision 028), so a staff member's pull reads the
     * photos of the reports they hold past the cursor from one index range each instead of
     * probing every one of their reports on every page. The off-wire copies of the report's
     * holders; `reporter_id` is null only for rows no migration has filled, which nothing writes.
     */
    reporterId: text('reporter_id'),
    assigneeId: text('assignee_id'),
  },
  (t) => [
    index('report_photos_report_idx').on(t.reportId, t.kind, t.position),
    index('report_photos_sha_idx').on(t.sha256),
    index('report_photos_school_change_seq_idx').on(t.schoolId, t.changeSeq),
    index('report_photos_school_reporter_change_seq_idx').on(t.schoolId, t.reporterId, t.changeSeq),
    index('report_photos_school_assignee_change_seq_idx').on(t.schoolId, t.assigneeId, t.changeSeq),
  ],
);

/**
 * A report's timeline (decision 028): every change of its job (assignee, priority, due date,
 * status) and every comment, one row each, under the id the device chose, so the phone shows
 * its own event before it syncs and the push stores it exactly once. Append-only: a row is
 * never edited but for the holder columns, and leaves only with its report.
 */
export const reportEvents = sqliteTable(
  'report_events',
  {
    ...syncColumns,
    schoolId: schoolId(),
    reportId: text('report_id')
      .notNull()
      .references(() => reports.id),
    actorId: text('actor_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: REPORT_EVENT_KINDS }).notNull(),
    /** For each changed job field, `[from, to]`; `{}` for a comment. JSON as JSON.stringify wrote it. */
    changes: text('changes', { mode: 'json' }).$type<JobChanges>().notNull(),
    /** A comment's text; null for the other kinds. */
    body: text('body'),
    /** Field work accepted after the job had moved on (a second completion, a former assignee's). */
    kept: integer('kept', { mode: 'boolean' }).notNull().default(false),
    /** The device's clock when it happened, bounded on arrival as `reported_at` is. */
    occurredAt: text('occurred_at').notNull(),
    /** The report's holders, off the wire, for the pull (as report_photos' copies). */
    reporterId: text('reporter_id').notNull(),
    assigneeId: text('assignee_id'),
  },
  (t) => [
    // The timeline of one report, and "was this user ever its assignee?".
    index('report_events_report_occurred_idx').on(t.reportId, t.occurredAt),
    index('report_events_school_change_seq_idx').on(t.schoolId, t.changeSeq),
    index('report_events_school_reporter_change_seq_idx').on(t.schoolId, t.reporterId, t.changeSeq),
    index('report_events_school_assignee_change_seq_idx').on(t.schoolId, t.assigneeId, t.changeSeq),
  ],
);

/**
 * A report someone lost sight of (decision 028): reassigned or unassigned away from them, and
 * not its reporter. That user's pull sends the row as a `delete` of the report, so the phone
 * drops it with its photos and events. One row per (report, user), renumbered whenever they
 * lose it again; being assigned it again later numbers the report higher, so the put wins.
 * Never read but by that user's pull; not a synced entity of its own.
 */
export const reportReleases = sqliteTable(
  'report_releases',
  {
    schoolId: schoolId(),
    reportId: text('report_id')
      .notNull()
      .references(() => reports.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    changeSeq: integer('change_seq').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.reportId, t.userId] }),
    index('report_releases_school_user_change_seq_idx').on(t.schoolId, t.userId, t.changeSeq),
  ],
);

/*
 * Rounds (docs/decisions/030-rounds.md): routine work on a schedule. A template's row holds its
 * current definition (what the pull sends every user of the school); every saved definition is
 * also a row of `round_template_versions`, which completions and compliance read, so an edit
 * never rewrites history. Occurrences are computed (sync-protocol rounds.ts), never stored.
 */
export const roundTemplates = sqliteTable(
  'round_templates',
  {
    ...syncColumns,
    schoolId: schoolId(),
    /** The current version: 1 on create, one more on every save of the definition. */
    version: integer('version').notNull(),
    title: text('title').notNull(),
    areaIds: text('area_ids', { mode: 'json' }).$type<string[]>().notNull(),
    categoryId: text('category_id').references(() => categories.id),
    workType: text('work_type', { enum: WORK_TYPES }),
    items: text('items', { mode: 'json' }).$type<RoundItem[]>().notNull(),
    assigneeUserId: text('assignee_user_id').references(() => users.id),
    assigneeRole: text('assignee_role', { enum: ROLES }),
    schedule: text('schedule', { mode: 'json' }).$type<RoundSchedule>().notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    dueTime: text('due_time'),
    paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
    /** School days `[from, to)`; the last has `to` null while paused. Not a version. */
    pauses: text('pauses', { mode: 'json' }).$type<RoundPause[]>().notNull(),
    /** The school day it was archived on (`deleted_at` is when): due no more from then. */
    archivedOn: text('archived_on'),
    createdBy: text('created_by').references(() => users.id),
  },
  (t) => [index('round_templates_school_change_seq_idx').on(t.schoolId, t.changeSeq)],
);

/** Every saved definition of a template, in effect from the school day it was saved. */
export const roundTemplateVersions = sqliteTable(
  'round_template_versions',
  {
    templateId: text('template_id')
      .notNull()
      .references(() => roundTemplates.id),
    version: integer('version').notNull(),
    schoolId: schoolId(),
    definition: text('definition', { mode: 'json' }).$type<RoundTemplateDefinition>().notNull(),
    effectiveFrom: text('effective_from').notNull(),
    createdBy: text('created_by').references(() => users.id),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.templateId, t.version] })],
);

/**
 * One round done on a device, under the id the device chose (exactly once). The first to reach
 * the server for an occurrence closes it (`closing`, one per occurrence: the partial unique
 * index); a later one is kept with who closed it and when. `assignee_*` are the answered
 * version's, off the wire's purpose but on it, for the pull: a staff member holds the
 * completions they did and those of rounds that were theirs (or their role's) when done.
 */
export const roundCompletions = sqliteTable(
  'round_completions',
  {
    ...syncColumns,
    schoolId: schoolId(),
    templateId: text('template_id')
      .notNull()
      .references(() => roundTemplates.id),
    templateVersion: integer('template_version').notNull(),
    occurrenceId: text('occurrence_id').notNull(),
    occurrenceDate: text('occurrence_date').notNull(),
    completedBy: text('completed_by')
      .notNull()
      .references(() => users.id),
    /** The device's clock when submitted, bounded on arrival (decision 012). */
    completedAt: text('completed_at').notNull(),
    startedAt: text('started_at'),
    note: text('note'),
    /** Each item as the answered version had it, with its answer, note and photo ids. */
    answers: text('answers', { mode: 'json' }).$type<RoundAnswer[]>().notNull(),
    closing: integer('closing', { mode: 'boolean' }).notNull(),
    closedById: text('closed_by_id'),
    closedAt: text('closed_at'),
    assigneeUserId: text('assignee_user_id'),
    assigneeRole: text('assignee_role', { enum: ROLES }),
  },
  (t) => [
    uniqueIndex('round_completions_closing_uq')
      .on(t.occurrenceId)
      .where(sql`closing`),
    // Compliance: a school's closings of a period, per template and person, counted from the
    // index alone, each (template, person) one range of days (who first, so no GROUP BY sorts:
    // services/round-compliance-counts.ts).
    index('round_completions_compliance_person_idx').on(
      t.schoolId,
      t.templateId,
      t.closing,
      t.completedBy,
      t.occurrenceDate,
      t.completedAt,
    ),
    // A period's completions per template (the calendar, the export, after_completion chains).
    index('round_completions_school_template_date_idx').on(
      t.schoolId,
      t.templateId,
      t.occurrenceDate,
    ),
    index('round_completions_school_change_seq_idx').on(t.schoolId, t.changeSeq),
    // A staff member's pull: what they did, what was theirs, what was their role's.
    index('round_completions_school_by_change_seq_idx').on(t.schoolId, t.completedBy, t.changeSeq),
    index('round_completions_school_user_change_seq_idx').on(
      t.schoolId,
      t.assigneeUserId,
      t.changeSeq,
    ),
    index('round_completions_school_role_change_seq_idx').on(
      t.schoolId,
      t.assigneeRole,
      t.changeSeq,
    ),
  ],
);

export const inventoryItems = sqliteTable(
  'inventory_items',
  {
    ...syncColumns,
    schoolId: schoolId(),
    name: text('name').notNull(),
    sku: text('sku'),
    unit: text('unit').notNull(),
    /** Maintained in the same transaction as every stock transaction; a check recomputes it. */
    stock: integer('stock').notNull().default(0),
    minStock: integer('min_stock').notNull().default(0),
    description: text('description'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    trackable: integer('trackable', { mode: 'boolean' }).notNull().default(true),
    createdBy: text('created_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('inventory_items_school_sku_live_uq')
      .on(t.schoolId, t.sku)
      .where(sql`sku IS NOT NULL AND deleted_at IS NULL`),
    index('inventory_items_school_name_idx').on(t.schoolId, t.name),
    index('inventory_items_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

export const stockTransactions = sqliteTable(
  'stock_transactions',
  {
    ...syncColumns,
    schoolId: schoolId(),
    itemId: text('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    /** Positive for in/out; an adjustment carries its signed delta. */
    quantity: integer('quantity').notNull(),
    notes: text('notes'),
    areaId: text('area_id').references(() => areas.id),
    recordedBy: text('recorded_by')
      .notNull()
      .references(() => users.id),
    /** When it happened on the device, which may be long before the server saw it. */
    occurredAt: text('occurred_at').notNull(),
    /**
     * Set when the server accepted a transaction it would have refused online (an `out` larger
     * than the stock it knew): recorded, never dropped, and shown to admins.
     */
    flag: text('flag', { enum: ['insufficient_stock'] }),
  },
  (t) => [
    index('stock_tx_item_occurred_idx').on(t.itemId, t.occurredAt),
    index('stock_tx_area_idx').on(t.areaId, t.occurredAt),
    index('stock_tx_recorded_by_idx').on(t.recordedBy, t.occurredAt),
    index('stock_tx_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

export const itemRequests = sqliteTable(
  'item_requests',
  {
    ...syncColumns,
    schoolId: schoolId(),
    /**
     * Human-readable number (REQ-2026-000123), assigned by the server when the request arrives;
     * each school counts its own.
     */
    number: text('number'),
    type: text('type', { enum: REQUEST_TYPES }).notNull(),
    itemId: text('item_id').references(() => inventoryItems.id),
    customName: text('custom_name'),
    storeLink: text('store_link'),
    imageSha256: text('image_sha256'),
    quantity: integer('quantity').notNull(),
    neededDate: text('needed_date'),
    notes: text('notes'),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id),
    approverId: text('approver_id').references(() => users.id),
    approverNotes: text('approver_notes'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
    decidedAt: text('decided_at'),
  },
  (t) => [
    uniqueIndex('item_requests_school_number_uq').on(t.schoolId, t.number),
    index('item_requests_school_status_created_idx').on(t.schoolId, t.status, t.createdAt),
    index('item_requests_requester_created_idx').on(t.requesterId, t.createdAt),
    index('item_requests_item_idx').on(t.itemId, t.createdAt),
    index('item_requests_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

export const announcements = sqliteTable(
  'announcements',
  {
    ...syncColumns,
    schoolId: schoolId(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** JSON array of roles, or null for everyone. */
    audience: text('audience', { mode: 'json' }).$type<string[] | null>(),
    priority: text('priority', { enum: ANNOUNCEMENT_PRIORITIES }).notNull().default('normal'),
    pinned: integer('pinned', { mode: 'boolean' }).notNull().default(false),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    publishedAt: text('published_at').notNull(),
  },
  (t) => [
    index('announcements_school_published_idx').on(t.schoolId, t.deletedAt, t.publishedAt),
    index('announcements_school_change_seq_idx').on(t.schoolId, t.changeSeq),
    // Covers every column the unread count reads (sync/unread-count.ts), which every device asks
    // for every minute: the count walks this index alone instead of each announcement's row.
    index('announcements_school_unread_idx').on(
      t.schoolId,
      t.deletedAt,
      t.authorId,
      t.audience,
      t.id,
    ),
  ],
);

export const announcementReads = sqliteTable(
  'announcement_reads',
  {
    ...syncColumns,
    schoolId: schoolId(),
    announcementId: text('announcement_id')
      .notNull()
      .references(() => announcements.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    readAt: text('read_at').notNull(),
  },
  (t) => [
    // One read mark per user and announcement; also serves the unread count's anti-join.
    uniqueIndex('announcement_reads_user_announcement_uq').on(t.userId, t.announcementId),
    index('announcement_reads_school_change_seq_idx').on(t.schoolId, t.changeSeq),
  ],
);

/**
 * Photo bytes a device has uploaded, by the client's id for the photo. The bytes live in the
 * photo store under their hash; this row makes `PUT /api/photos/:id` idempotent and lets a
 * later `photo.attach` (or a custom item request) refer to an upload the server has checked.
 */
export const photoUploads = sqliteTable(
  'photo_uploads',
  {
    id: text('id').primaryKey(),
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('photo_uploads_sha_idx').on(t.sha256)],
);

/**
 * A single sign-on attempt in flight: the state sent to the identity provider, with the PKCE
 * verifier and nonce that only the server knows. Used once, then deleted; expires in minutes.
 */
export const ssoStates = sqliteTable('sso_states', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to'),
  expiresAt: text('expires_at').notNull(),
});

/**
 * Failed sign-ins counted per key (`pair:`, `email:` or `address:`, see services/login-throttle):
 * in the database, so every API process sees the same counts and a restart forgets nothing.
 * Instants are epoch milliseconds, compared as numbers.
 */
export const loginThrottles = sqliteTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  /** No sign-in for this key before this instant (a pair's growing delay). */
  blockedUntil: integer('blocked_until').notNull(),
  /** The count is forgotten after this instant. */
  expiresAt: integer('expires_at').notNull(),
});

/**
 * Addresses an account has signed in from: a per-email or per-address ceiling reached by
 * someone else never locks the account's owner out of a place they already use.
 */
export const loginKnownAddresses = sqliteTable(
  'login_known_addresses',
  {
    email: text('email').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: integer('last_success_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.email, t.address] })],
);

export const syncClients = sqliteTable(
  'sync_clients',
  {
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    /** Highest outbox seq applied for this (user, client); the exactly-once ledger. */
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clientId] }),
    // A school's last sync, for the district's overview.
    index('sync_clients_school_updated_idx').on(t.schoolId, t.updatedAt),
  ],
);

/**
 * The answer to every refused mutation, kept so that a retried push (whose first response was
 * lost) is told `rejected` again rather than `duplicate`, and the user still sees what to fix.
 * Applied mutations need no row: `duplicate` is their answer.
 */
export const syncRejections = sqliteTable(
  'sync_rejections',
  {
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    clientId: text('client_id').notNull(),
    seq: integer('seq').notNull(),
    mutationId: text('mutation_id').notNull(),
    code: text('code', { enum: SYNC_ERROR_CODES }).notNull(),
    message: text('message').notNull(),
    errors: text('errors', { mode: 'json' }).$type<StoredRefusal | null>(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientId, t.seq] })],
);

/**
 * One notification for one user (docs/decisions/031-notifications-and-web-push.md): written in
 * the transaction of the event it tells of, synced to that user's devices as their inbox.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    ...syncColumns,
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: SERVER_NOTIFICATION_KINDS }).notNull(),
    subjectType: text('subject_type', { enum: NOTIFICATION_SUBJECTS }).notNull(),
    subjectId: text('subject_id').notNull(),
    actorId: text('actor_id'),
    params: text('params', { mode: 'json' }).$type<NotificationParams>().notNull(),
    priority: text('priority', { enum: NOTIFICATION_PRIORITIES }).notNull(),
    readAt: text('read_at'),
  },
  (t) => [
    // The pull reads one user's range in change order (decision 027: one range per branch).
    index('notifications_school_user_change_seq_idx').on(t.schoolId, t.userId, t.changeSeq),
    // The unread count and "read all".
    index('notifications_user_read_idx').on(t.userId, t.readAt, t.createdAt),
  ],
);

/** A user's notification preferences (id = the user's id); no row: the contract's defaults. */
export const notificationPrefs = sqliteTable(
  'notification_prefs',
  {
    ...syncColumns,
    schoolId: schoolId(),
    push: text('push', { mode: 'json' })
      .$type<Partial<Record<ServerNotificationKind, boolean>>>()
      .notNull(),
    announcements: text('announcements', { enum: ANNOUNCEMENT_PUSH }).notNull(),
    /** JSON `{ start, end }` in the school's time, or null: no quiet hours. */
    quietHours: text('quiet_hours', { mode: 'json' }).$type<QuietHours | null>(),
  },
  (t) => [index('notification_prefs_school_change_seq_idx').on(t.schoolId, t.changeSeq)],
);

/**
 * A browser's Web Push subscription, for the user signed in on it. An endpoint is one browser's
 * (unique); the session that posted it is kept so the subscription goes at logout.
 */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    schoolId: schoolId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: text('session_id').notNull(),
    /** The device's sync client id: one subscription per user and device. */
    clientId: text('client_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint),
    index('push_subscriptions_user_client_idx').on(t.userId, t.clientId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/**
 * A notification still to be pushed to one subscription: written with the notification,
 * claimed by whichever API process drains it first (`claimed_by`, `lease_until`), deleted once
 * the push service took it (services/push-sender.ts).
 */
export const pushDeliveries = sqliteTable(
  'push_deliveries',
  {
    schoolId: schoolId(),
    notificationId: text('notification_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    createdAt: text('created_at').notNull(),
    /** Epoch milliseconds: not before then (now, or a retry's backoff). */
    nextAttemptAt: integer('next_attempt_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedBy: text('claimed_by'),
    /** Epoch milliseconds until which the claim holds; a crashed claimer's row comes back. */
    leaseUntil: integer('lease_until'),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
    index('push_deliveries_due_idx').on(t.nextAttemptAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

/** Settings of the whole deployment, by key (the VAPID key pair); no school. */
export const deploymentSettings = sqliteTable('deployment_settings', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).$type<Record<string, string>>().notNull(),
  createdAt: text('created_at').notNull(),
});

/**
 * Which round notices were written (services/round-notices.ts): one row per occurrence, kind and
 * recipient, inserted in the notice's transaction, so API processes running the same check at
 * the same time write each notice once.
 */
export const roundNotices = sqliteTable(
  'round_notices',
  {
    schoolId: schoolId(),
    occurrenceId: text('occurrence_id').notNull(),
    kind: text('kind', { enum: ['round_due', 'round_missed'] }).notNull(),
    userId: text('user_id').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.occurrenceId, t.kind, t.userId] })],
);

/*
 * The analytics' report figures, kept (docs/decisions/034-kept-report-figures.md): counts of
 * each school's live reports (deleted_at IS NULL), kept by triggers on `reports` in the
 * transaction of every write, so a screen's cost follows the period it shows, not the number of
 * reports. A day is the school's local date of the filing time (reported_at) at the school's
 * tally_offset_minutes. Rows may hold 0 once their reports have moved on; readers skip them.
 */

/** All-time counts per area and status: the status totals and the areas with most pending. */
export const reportTotals = sqliteTable(
  'report_totals',
  {
    schoolId: schoolId(),
    areaId: text('area_id').notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.areaId, t.status] })],
);

/** Reports filed per local day, and how many of them are completed now. */
export const reportDays = sqliteTable(
  'report_days',
  {
    schoolId: schoolId(),
    day: text('day').notNull(),
    n: integer('n').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day] })],
);

/** Reports filed per local day and area. */
export const reportAreaDays = sqliteTable(
  'report_area_days',
  {
    schoolId: schoolId(),
    day: text('day').notNull(),
    areaId: text('area_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.areaId] })],
);

/** Staff reports (origin 'staff') filed per local day and reporter, and how many are completed. */
export const reportReporterDays = sqliteTable(
  'report_reporter_days',
  {
    schoolId: schoolId(),
    day: text('day').notNull(),
    reporterId: text('reporter_id').notNull(),
    n: integer('n').notNull(),
    completed: integer('completed').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.reporterId] })],
);

/*
 * The analytics' job figures, kept the same way (docs/decisions/036-kept-job-figures.md): open
 * work by due month and by due day (overdue = whole months before this one + this month's days
 * before now), and completions by local completion day with their time to complete in display
 * buckets (the median). A job without an assignee (the queue) is keyed `''`, as is an open job
 * without a due date (month `''`) and a due date without a time (time `''`).
 */

/** Open jobs (pending, in progress) per assignee and due month (`YYYY-MM`, `''` without one). */
export const jobOpenMonths = sqliteTable(
  'job_open_months',
  {
    schoolId: schoolId(),
    assigneeId: text('assignee_id').notNull(),
    month: text('month').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.assigneeId, t.month] })],
);

/** Open jobs with a due date per due day, assignee and due time (`HH:MM`, `''` without one). */
export const jobOpenDays = sqliteTable(
  'job_open_days',
  {
    schoolId: schoolId(),
    day: text('day').notNull(),
    assigneeId: text('assignee_id').notNull(),
    time: text('time').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.assigneeId, t.time] })],
);

/**
 * Completed jobs per local day of completion (completed_at at tally_offset_minutes), assignee
 * and time to complete in whole minutes of the screen's buckets (services/job-tallies.ts,
 * completionBucket): how many, how many had a due date, how many were done by it.
 */
export const jobDoneDays = sqliteTable(
  'job_done_days',
  {
    schoolId: schoolId(),
    day: text('day').notNull(),
    assigneeId: text('assignee_id').notNull(),
    minutes: integer('minutes').notNull(),
    n: integer('n').notNull(),
    withDue: integer('with_due').notNull(),
    onTime: integer('on_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.schoolId, t.day, t.assigneeId, t.minutes] })],
);

export const schema = {
  schools,
  changeCounter,
  users,
  sessions,
  userActivity,
  areas,
  areaPosters,
  categories,
  reports,
  reportPhotos,
  reportEvents,
  reportReleases,
  inventoryItems,
  stockTransactions,
  itemRequests,
  announcements,
  announcementReads,
  photoUploads,
  ssoStates,
  loginThrottles,
  loginKnownAddresses,
  syncClients,
  syncRejections,
  notifications,
  notificationPrefs,
  pushSubscriptions,
  pushDeliveries,
  deploymentSettings,
  roundTemplates,
  roundTemplateVersions,
  roundCompletions,
  roundNotices,
  reportTotals,
  reportDays,
  reportAreaDays,
  reportReporterDays,
  jobOpenMonths,
  jobOpenDays,
  jobDoneDays,
};
