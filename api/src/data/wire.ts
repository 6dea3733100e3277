import { schoolRoleOf } from '../auth/policy.js';
import type {
  Area,
  Category,
  Announcement,
  AnnouncementRead,
  InventoryItem,
  ItemRequest,
  Report,
  ReportEvent,
  ReportPhoto,
  Role,
  RoundCompletion,
  RoundTemplate,
  StockTransaction,
  User,
  UserSummary,
} from '@urs/sync-protocol';
import type * as t from '../db/schema.js';
import type { SchoolClock } from '../lib/school-time.js';

export type UserRow = typeof t.users.$inferSelect;

export function avatarUrl(sha256: string | null): string | null {
  return sha256 === null ? null : `/api/avatars/${sha256}`;
}

/** The signed-in user's school as the answers about oneself carry it. */
export interface OwnSchool {
  name: string | null;
  clock: SchoolClock;
}

/**
 * The user as the app sees it. `school` is given where the user is the signed-in one (every
 * sign-in answer, `/api/user`, the pull's `me`, the profile's answers): the app shows its name
 * in the footer and on proof sheets and keeps its UTC offset for job dates; other answers
 * (lists of users) leave both out.
 */
export function toPublicUser(row: UserRow, school?: OwnSchool): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    role: row.role,
    preferred_theme: row.preferredTheme,
    preferred_language: row.preferredLanguage,
    photo_url: avatarUrl(row.photoSha256),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    ...(school !== undefined && {
      school_name: school.name,
      school_utc_offset: school.clock.offsetMinutes,
    }),
  };
}

/** Database rows to the wire rows of sync-protocol (snake_case, the shape devices store). */
export const toWire = {
  users: (r: typeof t.users.$inferSelect): UserSummary => ({
    id: r.id,
    name: r.name,
    role: schoolRoleOf(r.role),
    photo_url: avatarUrl(r.photoSha256),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  areas: (r: typeof t.areas.$inferSelect): Area => ({
    id: r.id,
    name: r.name,
    description: r.description,
    active: r.active,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  categories: (r: typeof t.categories.$inferSelect): Category => ({
    id: r.id,
    name: r.name,
    description: r.description,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  reports: (r: typeof t.reports.$inferSelect): Report => ({
    id: r.id,
    reporter_id: r.reporterId,
    area_id: r.areaId,
    category_id: r.categoryId,
    work_type: r.workType,
    description: r.description,
    status: r.status,
    admin_note: r.adminNote,
    reported_at: r.reportedAt,
    assignee_id: r.assigneeId,
    priority: r.priority,
    due_date: r.dueDate,
    due_time: r.dueTime,
    completed_at: r.completedAt,
    origin: r.origin,
    round_completion_id: r.roundCompletionId,
    round_item_id: r.roundItemId,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  report_photos: (r: typeof t.reportPhotos.$inferSelect): ReportPhoto => ({
    id: r.id,
    report_id: r.reportId,
    kind: r.kind,
    sha256: r.sha256,
    mime_type: r.mimeType,
    size_bytes: r.sizeBytes,
    position: r.position,
    captured_at: r.capturedAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  report_events: (r: typeof t.reportEvents.$inferSelect): ReportEvent => ({
    id: r.id,
    report_id: r.reportId,
    actor_id: r.actorId,
    kind: r.kind,
    changes: r.changes,
    body: r.body,
    kept: r.kept,
    occurred_at: r.occurredAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  inventory_items: (r: typeof t.inventoryItems.$inferSelect): InventoryItem => ({
    id: r.id,
    name: r.name,
    sku: r.sku,
    unit: r.unit,
    stock: r.stock,
    min_stock: r.minStock,
    description: r.description,
    active: r.active,
    trackable: r.trackable,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  stock_transactions: (r: typeof t.stockTransactions.$inferSelect): StockTransaction => ({
    id: r.id,
    item_id: r.itemId,
    type: r.type,
    quantity: r.quantity,
    notes: r.notes,
    area_id: r.areaId,
    recorded_by: r.recordedBy,
    occurred_at: r.occurredAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  item_requests: (r: typeof t.itemRequests.$inferSelect): ItemRequest => ({
    id: r.id,
    number: r.number,
    type: r.type,
    item_id: r.itemId,
    custom_name: r.customName,
    store_link: r.storeLink,
    image_sha256: r.imageSha256,
    quantity: r.quantity,
    needed_date: r.neededDate,
    notes: r.notes,
    requester_id: r.requesterId,
    approver_id: r.approverId,
    approver_notes: r.approverNotes,
    status: r.status,
    decided_at: r.decidedAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  announcements: (r: typeof t.announcements.$inferSelect): Announcement => ({
    id: r.id,
    title: r.title,
    body: r.body,
    audience: (r.audience ?? null) as Role[] | null,
    priority: r.priority,
    pinned: r.pinned,
    author_id: r.authorId,
    published_at: r.publishedAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  announcement_reads: (r: typeof t.announcementReads.$inferSelect): AnnouncementRead => ({
    id: r.id,
    announcement_id: r.announcementId,
    user_id: r.userId,
    read_at: r.readAt,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  round_templates: (r: typeof t.roundTemplates.$inferSelect): RoundTemplate => ({
    id: r.id,
    version: r.version,
    title: r.title,
    area_ids: r.areaIds,
    category_id: r.categoryId,
    work_type: r.workType,
    items: r.items,
    assignee_user_id: r.assigneeUserId,
    assignee_role: r.assigneeRole,
    schedule: r.schedule as RoundTemplate['schedule'],
    start_date: r.startDate,
    end_date: r.endDate,
    due_time: r.dueTime,
    paused: r.paused,
    pauses: r.pauses,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
  round_completions: (r: typeof t.roundCompletions.$inferSelect): RoundCompletion => ({
    id: r.id,
    template_id: r.templateId,
    template_version: r.templateVersion,
    occurrence_id: r.occurrenceId,
    occurrence_date: r.occurrenceDate,
    completed_by: r.completedBy,
    completed_at: r.completedAt,
    started_at: r.startedAt,
    note: r.note,
    answers: r.answers,
    closing: r.closing,
    closed_by_id: r.closedById,
    closed_at: r.closedAt,
    assignee_user_id: r.assigneeUserId,
    assignee_role: r.assigneeRole,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }),
};
