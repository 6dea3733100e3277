import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { SyncedEntity } from '@urs/sync-protocol';
import * as t from '../db/schema.js';
import { jsonBoolean, jsonFromText, jsonObject } from '../db/dialect.js';

/*
 * The wire rows of data/wire.ts (toWire), built as JSON by the database for the pull: the same
 * keys in the same order, the same values. A change to a mapper there is a change here;
 * wire-json.test.ts compares the two byte for byte on both engines.
 */

type Entry = readonly [string, SQL | AnyColumn];

/** `avatarUrl` of data/wire.ts. */
const avatarUrl = (sha256: AnyColumn): SQL =>
  sql`CASE WHEN ${sha256} IS NULL THEN NULL ELSE '/api/avatars/' || ${sha256} END`;

// A function: the JSON helpers read the engine, which is chosen after this module loads.
const wireColumns = (): Record<SyncedEntity, readonly Entry[]> => ({
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
    ['active', jsonBoolean(t.areas.active)],
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
    ['reporter_id', t.reports.reporterId],
    ['area_id', t.reports.areaId],
    ['category_id', t.reports.categoryId],
    ['work_type', t.reports.workType],
    ['description', t.reports.description],
    ['status', t.reports.status],
    ['admin_note', t.reports.adminNote],
    ['reported_at', t.reports.reportedAt],
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
  inventory_items: [
    ['id', t.inventoryItems.id],
    ['name', t.inventoryItems.name],
    ['sku', t.inventoryItems.sku],
    ['unit', t.inventoryItems.unit],
    ['stock', t.inventoryItems.stock],
    ['min_stock', t.inventoryItems.minStock],
    ['description', t.inventoryItems.description],
    ['active', jsonBoolean(t.inventoryItems.active)],
    ['trackable', jsonBoolean(t.inventoryItems.trackable)],
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
    ['audience', jsonFromText(t.announcements.audience)],
    ['priority', t.announcements.priority],
    ['pinned', jsonBoolean(t.announcements.pinned)],
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
});

/** The entity's wire row (toWire[entity]) as a JSON value built from its table's columns. */
export function wireRowJson(entity: SyncedEntity): SQL {
  return jsonObject(wireColumns()[entity]);
}
