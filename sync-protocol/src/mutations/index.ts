import { z } from '../zod.js';
import { code } from '../error-codes.js';
import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_QUANTITY, TEXT_LIMITS } from '../limits.js';
import { capturedAtSchema } from '../capture-time.js';
import { optionalText, requiredText } from './text.js';
import { roundCompleteArgs } from '../rounds-schemas.js';
import { roleSchema } from '../roles.js';
import { JOB_PRIORITIES } from '../job-priorities.js';
import { isDueDate, isDueTime } from '../jobs.js';
import { NOTIFICATION_MUTATION_ARGS } from '../notifications.js';
import {
  ANNOUNCEMENT_PRIORITIES,
  PHOTO_KINDS,
  REQUEST_TYPES,
  TRANSACTION_TYPES,
  reportStatusSchema,
  workTypeSchema,
} from '../work.js';

/*
 * Every write a device makes is one of these mutations. The same schema validates the form,
 * the outbox entry and the push on the server, so a mutation the client could queue is one the
 * server can judge (and refuse with a field-level message) rather than crash on.
 */
const uuid = z.uuid({ error: code('invalid_id') });
const iso = z.iso.datetime({ offset: true, error: code('invalid_time') });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, code('photo_hash_invalid'));
/**
 * A store link is opened by whoever reads the request (the admin deciding it, the export): only
 * a web address with a host, never `javascript:` or `data:`, which would run or render there.
 */
const STORE_LINK_MESSAGE = code('store_link_invalid');
const storeLinkUrl = z.httpUrl({ error: STORE_LINK_MESSAGE });
const storeLink = optionalText(TEXT_LIMITS.storeLink).refine(
  (v) => v === undefined || v === null || storeLinkUrl.safeParse(v).success,
  { message: STORE_LINK_MESSAGE },
);

export const reportCreateArgs = z.object({
  id: uuid,
  area_id: z.uuid({ error: code('area_required') }),
  category_id: uuid.nullable().optional(),
  work_type: workTypeSchema,
  description: requiredText(TEXT_LIMITS.reportDescription, code('description_required')),
  status: reportStatusSchema.optional(),
  /**
   * The device's clock when the report was filed. Optional so an entry queued by an app from
   * before filing times is still accepted; the server bounds it (and fills it) on arrival.
   */
  reported_at: iso.optional(),
  /**
   * A problem for someone else to fix (decision 028): the report starts unassigned, in the
   * admin's queue. Absent or false: the filer's own work, assigned to them.
   */
  unassigned: z.boolean().optional(),
  /**
   * A report raised from a failed item of a round (decision 030): the completion it was raised
   * from and the item. The server drops a link to a completion it does not hold (of another
   * school, or never stored) and files the report anyway.
   */
  round_completion_id: uuid.optional(),
  round_item_id: z.string().max(64).optional(),
});
export const reportUpdateArgs = z.object({
  id: uuid,
  area_id: uuid.optional(),
  category_id: uuid.nullable().optional(),
  work_type: workTypeSchema.optional(),
  description: requiredText(TEXT_LIMITS.reportDescription, code('description_required')).optional(),
});
/** The device's clock when a job changed, bounded on arrival as `reported_at` is. */
const eventAt = iso.optional();
/** The id of the timeline event a job mutation writes; absent from entries of older apps. */
const eventId = uuid.optional();
export const reportSetStatusArgs = z.object({
  id: uuid,
  status: reportStatusSchema,
  event_id: eventId,
  at: eventAt,
});
const dueDate = z
  .string({ error: code('due_date_invalid') })
  .refine(isDueDate, code('due_date_invalid'))
  .nullable()
  .optional();
const dueTime = z
  .string({ error: code('due_time_invalid') })
  .refine(isDueTime, code('due_time_invalid'))
  .nullable()
  .optional();
/** The admin plans a job: only the fields sent change, each one recorded in one `job` event. */
export const reportSetJobArgs = z
  .object({
    id: uuid,
    event_id: uuid,
    at: eventAt,
    assignee_id: z
      .uuid({ error: code('assignee_unknown') })
      .nullable()
      .optional(),
    priority: z.enum(JOB_PRIORITIES).optional(),
    due_date: dueDate,
    due_time: dueTime,
  })
  .refine((v) => !(v.due_date === null && typeof v.due_time === 'string'), {
    path: ['due_time'],
    message: code('due_time_without_date'),
  });
export const reportHandBackArgs = z.object({ id: uuid, event_id: uuid, at: eventAt });
/** A comment on a report: a timeline event of its own, id chosen by the device. */
export const commentCreateArgs = z.object({
  id: uuid,
  report_id: uuid,
  body: requiredText(TEXT_LIMITS.comment, code('comment_required')),
  at: eventAt,
});
export const reportSetAdminNoteArgs = z.object({
  id: uuid,
  admin_note: optionalText(TEXT_LIMITS.adminNote),
});
export const byIdArgs = z.object({ id: uuid });

export const photoAttachArgs = z.object({
  id: uuid,
  report_id: uuid,
  kind: z.enum(PHOTO_KINDS),
  sha256,
  mime_type: z.enum(ALLOWED_IMAGE_TYPES, {
    error: code('image_type_unsupported'),
  }),
  size_bytes: z.number().int().positive().max(MAX_IMAGE_BYTES, code('image_too_large')),
  position: z.number().int().nonnegative().default(0),
  /** Read from the original file's EXIF on the device; null or absent when it had none. */
  captured_at: capturedAtSchema.nullable().optional(),
});

const quantity = z
  .number({ error: code('quantity_not_number') })
  .int(code('quantity_not_integer'))
  .max(MAX_QUANTITY, code('quantity_too_large'));

export const itemCreateArgs = z.object({
  id: uuid,
  name: requiredText(TEXT_LIMITS.itemName, code('item_name_required')),
  sku: optionalText(TEXT_LIMITS.sku),
  unit: requiredText(TEXT_LIMITS.unit, code('unit_required')),
  /** Opening stock; recorded by the server as the item's first transaction. */
  stock: quantity.min(0, code('stock_negative')).default(0),
  min_stock: quantity.min(0, code('min_stock_negative')).default(0),
  description: optionalText(TEXT_LIMITS.itemDescription),
  active: z.boolean().default(true),
  trackable: z.boolean().default(true),
});
export const itemUpdateArgs = z.object({
  id: uuid,
  name: requiredText(TEXT_LIMITS.itemName, code('item_name_required')).optional(),
  sku: optionalText(TEXT_LIMITS.sku),
  unit: requiredText(TEXT_LIMITS.unit, code('unit_required')).optional(),
  min_stock: quantity.min(0, code('min_stock_negative')).optional(),
  description: optionalText(TEXT_LIMITS.itemDescription),
  active: z.boolean().optional(),
  trackable: z.boolean().optional(),
});

export const stockRecordArgs = z
  .object({
    id: uuid,
    item_id: uuid,
    type: z.enum(TRANSACTION_TYPES),
    /** Positive for in/out; an adjustment carries a signed, non-zero delta. */
    quantity,
    notes: optionalText(TEXT_LIMITS.stockNotes),
    area_id: uuid.nullable().optional(),
    occurred_at: iso,
  })
  .refine((v) => v.type === 'adjustment' || v.quantity > 0, {
    path: ['quantity'],
    message: code('quantity_not_positive'),
  })
  // A negative adjustment is fine (it lowers the stock): only zero is refused, and not as
  // "more than 0", which would say that -3 is not allowed.
  .refine((v) => v.type !== 'adjustment' || v.quantity !== 0, {
    path: ['quantity'],
    message: code('adjustment_zero'),
  })
  // Lowering the stock is bounded as raising it is (`quantity`'s maximum).
  .refine((v) => v.type !== 'adjustment' || v.quantity >= -MAX_QUANTITY, {
    path: ['quantity'],
    message: code('quantity_too_large'),
    params: { max: MAX_QUANTITY },
  });

export const requestCreateArgs = z
  .object({
    id: uuid,
    type: z.enum(REQUEST_TYPES),
    item_id: uuid.nullable().optional(),
    custom_name: optionalText(TEXT_LIMITS.requestName),
    store_link: storeLink,
    image_sha256: sha256.nullable().optional(),
    quantity: quantity.min(1, code('quantity_too_small')),
    needed_date: z.iso
      .date({ error: code('date_invalid') })
      .nullable()
      .optional(),
    notes: optionalText(TEXT_LIMITS.requestNotes),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'stock' && (v.item_id ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['item_id'],
        message: code('request_item_required'),
      });
    }
    if (v.type === 'custom' && (v.custom_name ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['custom_name'],
        message: code('request_name_required'),
      });
    }
    if (v.type === 'custom' && (v.image_sha256 ?? null) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_sha256'],
        message: code('request_image_required'),
      });
    }
  });
export const requestDecideArgs = z.object({
  id: uuid,
  notes: optionalText(TEXT_LIMITS.requestNotes),
});

export const announcementCreateArgs = z.object({
  id: uuid,
  title: requiredText(TEXT_LIMITS.announcementTitle, code('title_required')),
  body: requiredText(TEXT_LIMITS.announcementBody, code('announcement_body_required')),
  audience: z.array(roleSchema).min(1, code('audience_required')).nullable().default(null),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).default('normal'),
  pinned: z.boolean().default(false),
});
export const announcementUpdateArgs = z.object({
  id: uuid,
  title: requiredText(TEXT_LIMITS.announcementTitle, code('title_required')).optional(),
  body: requiredText(TEXT_LIMITS.announcementBody, code('announcement_body_required')).optional(),
  audience: z.array(roleSchema).min(1, code('audience_required')).nullable().optional(),
  priority: z.enum(ANNOUNCEMENT_PRIORITIES).optional(),
  pinned: z.boolean().optional(),
});
export const announcementMarkReadArgs = z.object({ id: uuid, announcement_id: uuid, read_at: iso });

/** Mutation name -> the schema of its args. Adding a mutation is one line here plus its handler. */
export const MUTATION_ARGS = {
  'report.create': reportCreateArgs,
  'report.update': reportUpdateArgs,
  'report.set_status': reportSetStatusArgs,
  'report.set_admin_note': reportSetAdminNoteArgs,
  'report.set_job': reportSetJobArgs,
  'report.hand_back': reportHandBackArgs,
  'report.delete': byIdArgs,
  'comment.create': commentCreateArgs,
  'photo.attach': photoAttachArgs,
  'photo.remove': byIdArgs,
  'item.create': itemCreateArgs,
  'item.update': itemUpdateArgs,
  'item.delete': byIdArgs,
  'stock.record': stockRecordArgs,
  'request.create': requestCreateArgs,
  'request.approve': requestDecideArgs,
  'request.reject': requestDecideArgs,
  'announcement.create': announcementCreateArgs,
  'announcement.update': announcementUpdateArgs,
  'announcement.delete': byIdArgs,
  'announcement.mark_read': announcementMarkReadArgs,
  ...NOTIFICATION_MUTATION_ARGS,
  'round.complete': roundCompleteArgs,
} as const;

export type MutationName = keyof typeof MUTATION_ARGS;
export const MUTATION_NAMES = Object.keys(MUTATION_ARGS) as MutationName[];
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATION_ARGS)[N]>;
export type ParsedMutationArgs<N extends MutationName> = z.output<(typeof MUTATION_ARGS)[N]>;

const NAMES: ReadonlySet<string> = new Set(MUTATION_NAMES);

export function isMutationName(name: string): name is MutationName {
  // A set, not Object.hasOwn on the map: the push asks this of every mutation it receives.
  return NAMES.has(name);
}
