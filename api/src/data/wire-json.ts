import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SyncedEntity } from '@urs/sync-protocol';
import * as t from '../db/schema.js';
import {
  currentEngine,
  jsonBoolean,
  jsonFromText,
  jsonName,
  jsonObject,
  type Engine,
} from '../db/dialect.js';

/*
 * The wire rows of data/wire.ts (toWire), built as JSON by the database for the pull: the same
 * keys in the same order, the same values. A change to a mapper there is a change here (and,
 * on PostgreSQL, a migration: the put change is a generated column, schema.pg.ts);
 * wire-json.test.ts compares the two byte for byte on both engines.
 */

/** The table each synced entity's rows live in. */
export const SYNCED_TABLES = {
  users: t.users,
  areas: t.areas,
  categories: t.categories,
  reports: t.reports,
  report_photos: t.reportPhotos,
  report_events: t.reportEvents,
  inventory_items: t.inventoryItems,
  stock_transactions: t.stockTransactions,
  item_requests: t.itemRequests,
  announcements: t.announcements,
  announcement_reads: t.announcementReads,
  notifications: t.notifications,
  notification_prefs: t.notificationPrefs,
  round_templates: t.roundTemplates,
  round_completions: t.roundCompletions,
} as const satisfies Record<SyncedEntity, unknown>;

type Entry = readonly [string, SQL | AnyColumn];

/** `avatarUrl` of data/wire.ts. */
const avatarUrl = (sha256: AnyColumn): SQL =>
  sql`CASE WHEN ${sha256} IS NULL THEN NULL ELSE '/api/avatars/' || ${sha256} END`;

// A function: the JSON helpers are written for an engine, which is chosen after this loads.
const wireColumns = (engine: Engine): Record<SyncedEntity, readonly Entry[]> => ({
  users: [
    ['id', t.users.id],
    ['name', t.users.name],
    ['role', t.users.role],
    ['photo_url', avatarUrl(t.users.photoSha256)],
    ['created_at', t.users.createdAt],
    ['updated_at', t.users.updatedAt],
  ],
  areas: [
    ['id', t.areas.id],
    ['name', t.areas.name],
    ['description', t.areas.description],
    ['active', jsonBoolean(t.areas.active, engine)],
    ['created_at', t.areas.createdAt],
    ['updated_at', t.areas.updatedAt],
  ],
  categories: [
    ['id', t.categories.id],
    ['name', t.categories.name],
    ['description', t.categories.description],
    ['created_at', t.categories.createdAt],
    ['updated_at', t.categories.updatedAt],
  ],
  reports: [
    ['id', t.reports.id],
    ['number', t.reports.number],
    ['reporter_id', t.reports.reporterId],
    ['area_id', t.reports.areaId],
    ['category_id', t.reports.categoryId],
    ['work_type', t.reports.workType],
    ['description', t.reports.description],
    ['status', t.reports.status],
    ['admin_note', t.reports.adminNote],
    ['reported_at', t.reports.reportedAt],
    ['assignee_id', t.reports.assigneeId],
    ['priority', t.reports.priority],
    ['due_date', t.reports.dueDate],
    ['due_time', t.reports.dueTime],
    ['completed_at', t.reports.completedAt],
    ['origin', t.reports.origin],
    ['round_completion_id', t.reports.roundCompletionId],
    ['round_item_id', t.reports.roundItemId],
    ['created_at', t.reports.createdAt],
    ['updated_at', t.reports.updatedAt],
  ],
  report_photos: [
    ['id', t.reportPhotos.id],
    ['report_id', t.reportPhotos.reportId],
    ['kind', t.reportPhotos.kind],
    ['sha256', t.reportPhotos.sha256],
    ['mime_type', t.reportPhotos.mimeType],
    ['size_bytes', t.reportPhotos.sizeBytes],
    ['position', t.reportPhotos.position],
    ['captured_at', t.reportPhotos.capturedAt],
    ['created_at', t.reportPhotos.createdAt],
    ['updated_at', t.reportPhotos.updatedAt],
  ],
  report_events: [
    ['id', t.reportEvents.id],
    ['report_id', t.reportEvents.reportId],
    ['actor_id', t.reportEvents.actorId],
    ['kind', t.reportEvents.kind],
    ['changes', jsonFromText(t.reportEvents.changes, engine)],
    ['body', t.reportEvents.body],
    ['kept', jsonBoolean(t.reportEvents.kept, engine)],
    ['occurred_at', t.reportEvents.occurredAt],
    ['created_at', t.reportEvents.createdAt],
    ['updated_at', t.reportEvents.updatedAt],
  ],
  inventory_items: [
    ['id', t.inventoryItems.id],
    ['name', t.inventoryItems.name],
    ['sku', t.inventoryItems.sku],
    ['unit', t.inventoryItems.unit],
    ['stock', t.inventoryItems.stock],
    ['min_stock', t.inventoryItems.minStock],
    ['description', t.inventoryItems.description],
    ['active', jsonBoolean(t.inventoryItems.active, engine)],
    ['trackable', jsonBoolean(t.inventoryItems.trackable, engine)],
    ['created_at', t.inventoryItems.createdAt],
    ['updated_at', t.inventoryItems.updatedAt],
  ],
  stock_transactions: [
    ['id', t.stockTransactions.id],
    ['item_id', t.stockTransactions.itemId],
    ['type', t.stockTransactions.type],
    ['quantity', t.stockTransactions.quantity],
    ['notes', t.stockTransactions.notes],
    ['area_id', t.stockTransactions.areaId],
    ['recorded_by', t.stockTransactions.recordedBy],
    ['occurred_at', t.stockTransactions.occurredAt],
    ['created_at', t.stockTransactions.createdAt],
    ['updated_at', t.stockTransactions.updatedAt],
  ],
  item_requests: [
    ['id', t.itemRequests.id],
    ['number', t.itemRequests.number],
    ['type', t.itemRequests.type],
    ['item_id', t.itemRequests.itemId],
    ['custom_name', t.itemRequests.customName],
    ['store_link', t.itemRequests.storeLink],
    ['image_sha256', t.itemRequests.imageSha256],
    ['quantity', t.itemRequests.quantity],
    ['needed_date', t.itemRequests.neededDate],
    ['notes', t.itemRequests.notes],
    ['requester_id', t.itemRequests.requesterId],
    ['approver_id', t.itemRequests.approverId],
    ['approver_notes', t.itemRequests.approverNotes],
    ['status', t.itemRequests.status],
    ['decided_at', t.itemRequests.decidedAt],
    ['created_at', t.itemRequests.createdAt],
    ['updated_at', t.itemRequests.updatedAt],
  ],
  announcements: [
    ['id', t.announcements.id],
    ['title', t.announcements.title],
    ['body', t.announcements.body],
    ['audience', jsonFromText(t.announcements.audience, engine)],
    ['priority', t.announcements.priority],
    ['pinned', jsonBoolean(t.announcements.pinned, engine)],
    ['author_id', t.announcements.authorId],
    ['published_at', t.announcements.publishedAt],
    ['created_at', t.announcements.createdAt],
    ['updated_at', t.announcements.updatedAt],
  ],
  announcement_reads: [
    ['id', t.announcementReads.id],
    ['announcement_id', t.announcementReads.announcementId],
    ['user_id', t.announcementReads.userId],
    ['read_at', t.announcementReads.readAt],
    ['created_at', t.announcementReads.createdAt],
    ['updated_at', t.announcementReads.updatedAt],
  ],
  notifications: [
    ['id', t.notifications.id],
    ['created_at', t.notifications.createdAt],
    ['updated_at', t.notifications.updatedAt],
    ['user_id', t.notifications.userId],
    ['kind', t.notifications.kind],
    ['subject_type', t.notifications.subjectType],
    ['subject_id', t.notifications.subjectId],
    ['actor_id', t.notifications.actorId],
    ['params', jsonFromText(t.notifications.params, engine)],
    ['priority', t.notifications.priority],
    ['read_at', t.notifications.readAt],
  ],
  notification_prefs: [
    ['id', t.notificationPrefs.id],
    ['created_at', t.notificationPrefs.createdAt],
    ['updated_at', t.notificationPrefs.updatedAt],
    ['push', jsonFromText(t.notificationPrefs.push, engine)],
    ['announcements', t.notificationPrefs.announcements],
    ['quiet_hours', jsonFromText(t.notificationPrefs.quietHours, engine)],
  ],
  round_templates: [
    ['id', t.roundTemplates.id],
    ['version', t.roundTemplates.version],
    ['title', t.roundTemplates.title],
    ['area_ids', jsonFromText(t.roundTemplates.areaIds, engine)],
    ['category_id', t.roundTemplates.categoryId],
    ['work_type', t.roundTemplates.workType],
    ['items', jsonFromText(t.roundTemplates.items, engine)],
    ['assignee_user_id', t.roundTemplates.assigneeUserId],
    ['assignee_role', t.roundTemplates.assigneeRole],
    ['schedule', jsonFromText(t.roundTemplates.schedule, engine)],
    ['start_date', t.roundTemplates.startDate],
    ['end_date', t.roundTemplates.endDate],
    ['due_time', t.roundTemplates.dueTime],
    ['paused', jsonBoolean(t.roundTemplates.paused, engine)],
    ['pauses', jsonFromText(t.roundTemplates.pauses, engine)],
    ['created_at', t.roundTemplates.createdAt],
    ['updated_at', t.roundTemplates.updatedAt],
  ],
  round_completions: [
    ['id', t.roundCompletions.id],
    ['template_id', t.roundCompletions.templateId],
    ['template_version', t.roundCompletions.templateVersion],
    ['occurrence_id', t.roundCompletions.occurrenceId],
    ['occurrence_date', t.roundCompletions.occurrenceDate],
    ['completed_by', t.roundCompletions.completedBy],
    ['completed_at', t.roundCompletions.completedAt],
    ['started_at', t.roundCompletions.startedAt],
    ['note', t.roundCompletions.note],
    ['answers', jsonFromText(t.roundCompletions.answers, engine)],
    ['closing', jsonBoolean(t.roundCompletions.closing, engine)],
    ['closed_by_id', t.roundCompletions.closedById],
    ['closed_at', t.roundCompletions.closedAt],
    ['assignee_user_id', t.roundCompletions.assigneeUserId],
    ['assignee_role', t.roundCompletions.assigneeRole],
    ['created_at', t.roundCompletions.createdAt],
    ['updated_at', t.roundCompletions.updatedAt],
  ],
});

/** The entity's wire row (toWire[entity]) as a JSON value built from its table's columns. */
export function wireRowJson(entity: SyncedEntity, engine: Engine = currentEngine()): SQL {
  return jsonObject(wireColumns(engine)[entity], engine);
}

/** What every change of the entity's rows starts with: which row, and its change number. */
export function changeHead(entity: SyncedEntity, engine: Engine = currentEngine()) {
  const table = SYNCED_TABLES[entity];
  return [
    ['entity', jsonName(entity, engine)],
    ['id', table.id],
    ['change_seq', table.changeSeq],
  ] as const;
}

/** The change that puts a row on a device (sync-protocol's Change with op put), as JSON. */
export function putChangeJson(entity: SyncedEntity, engine: Engine = currentEngine()): SQL {
  const [name, id, seq] = changeHead(entity, engine);
  const row = ['row', wireRowJson(entity, engine)] as const;
  return jsonObject([name, ['op', jsonName('put', engine)], id, seq, row], engine);
}

/** The synced entity whose rows live in `table`, if any. */
export function syncedEntityOf(table: unknown): SyncedEntity | undefined {
  return (Object.keys(SYNCED_TABLES) as SyncedEntity[]).find((e) => SYNCED_TABLES[e] === table);
}
