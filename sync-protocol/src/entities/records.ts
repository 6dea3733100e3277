import { z } from '../zod.js';
import { capturedAtSchema } from '../capture-time.js';
import { roleSchema } from '../roles.js';
import { JOB_PRIORITIES } from '../job-priorities.js';
import { JOB_FIELDS, REPORT_EVENT_KINDS, REPORT_ORIGINS } from '../jobs.js';
import {
  ANNOUNCEMENT_PRIORITIES,
  PHOTO_KINDS,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  TRANSACTION_TYPES,
  reportStatusSchema,
  workTypeSchema,
} from '../work.js';

/*
 * The rows as they travel in a pull and live in the client's Dexie tables: snake_case, ISO
 * timestamps, ids as UUID strings. One schema per synced entity, shared by the server that
 * writes them and the client that stores them.
 */
const id = z.string().min(1);
const iso = z.string();
const base = { id, created_at: iso, updated_at: iso };

export const reportSchema = z.object({
  ...base,
  /**
   * LAP-<year>-<6 digits>, given by the server when the report arrives (as a request's REQ
   * number): null on the device until then. Absent on rows a device stored before numbers
   * existed, until the pull brings them again.
   */
  number: z.string().nullable().optional(),
  reporter_id: id,
  area_id: id,
  category_id: id.nullable(),
  work_type: workTypeSchema,
  description: z.string(),
  status: reportStatusSchema,
  admin_note: z.string().nullable(),
  /**
   * When the work was filed on the device (its clock, bounded by the server when it arrives);
   * `created_at` is when the server received it. Lists, date filters, dashboards, analytics and
   * exports read this one: docs/decisions/012-device-filing-time.md.
   */
  reported_at: iso,
  /** The job (decision 028): who does it, how urgent, by when; null assignee: in the queue. */
  assignee_id: id.nullable(),
  priority: z.enum(JOB_PRIORITIES),
  due_date: z.string().nullable(),
  due_time: z.string().nullable(),
  /** The device time of the completion that closed it; null while not completed. */
  completed_at: iso.nullable(),
  origin: z.enum(REPORT_ORIGINS),
  /**
   * A report raised from a failed item of a round (decision 030): the completion and the item.
   * Absent from rows stored by a device before rounds.
   */
  round_completion_id: id.nullable().optional(),
  round_item_id: z.string().nullable().optional(),
});
export type Report = z.infer<typeof reportSchema>;

/** What one timeline event changed: `[from, to]` per field. */
const jobValue = z.string().nullable();
export const jobChangesSchema = z.partialRecord(z.enum(JOB_FIELDS), z.tuple([jobValue, jobValue]));
export type JobChanges = z.infer<typeof jobChangesSchema>;

/** One event of a report's timeline (decision 028): a change of the job, or a comment. */
export const reportEventSchema = z.object({
  ...base,
  report_id: id,
  actor_id: id,
  kind: z.enum(REPORT_EVENT_KINDS),
  changes: jobChangesSchema,
  /** A comment's text; null for the other kinds. */
  body: z.string().nullable(),
  /** Field work accepted after the job had moved on (a second completion). */
  kept: z.boolean(),
  /** The device's clock when it happened, bounded on arrival. */
  occurred_at: iso,
});
export type ReportEvent = z.infer<typeof reportEventSchema>;

export const reportPhotoSchema = z.object({
  ...base,
  report_id: id,
  kind: z.enum(PHOTO_KINDS),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  mime_type: z.string(),
  size_bytes: z.number().int().nonnegative(),
  position: z.number().int().nonnegative(),
  /** See capture-time.ts; absent on rows stored by a device before capture times existed. */
  captured_at: capturedAtSchema.nullable().optional(),
});
export type ReportPhoto = z.infer<typeof reportPhotoSchema>;

export const inventoryItemSchema = z.object({
  ...base,
  name: z.string(),
  sku: z.string().nullable(),
  unit: z.string(),
  stock: z.number().int(),
  min_stock: z.number().int(),
  description: z.string().nullable(),
  active: z.boolean(),
  trackable: z.boolean(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const stockTransactionSchema = z.object({
  ...base,
  item_id: id,
  type: z.enum(TRANSACTION_TYPES),
  quantity: z.number().int(),
  notes: z.string().nullable(),
  area_id: id.nullable(),
  recorded_by: id,
  occurred_at: iso,
});
export type StockTransaction = z.infer<typeof stockTransactionSchema>;

export const itemRequestSchema = z.object({
  ...base,
  number: z.string().nullable(),
  type: z.enum(REQUEST_TYPES),
  item_id: id.nullable(),
  custom_name: z.string().nullable(),
  store_link: z.string().nullable(),
  image_sha256: z.string().nullable(),
  quantity: z.number().int(),
  needed_date: z.string().nullable(),
  notes: z.string().nullable(),
  requester_id: id,
  approver_id: id.nullable(),
  approver_notes: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  decided_at: iso.nullable(),
});
export type ItemRequest = z.infer<typeof itemRequestSchema>;

export const announcementSchema = z.object({
  ...base,
  title: z.string(),
  body: z.string(),
  /** Roles that see it; null means everyone. */
  audience: z.array(roleSchema).nullable(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES),
  pinned: z.boolean(),
  author_id: id,
  published_at: iso,
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementReadSchema = z.object({
  ...base,
  announcement_id: id,
  user_id: id,
  read_at: iso,
});
export type AnnouncementRead = z.infer<typeof announcementReadSchema>;

/** What a device may know of other people: enough to show a reporter or an approver. */
export const userSummarySchema = z.object({
  ...base,
  name: z.string(),
  role: roleSchema,
  photo_url: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;
