import { z } from './zod.js';
import {
  DEFAULT_PULL_LIMIT,
  MAX_PULL_LIMIT,
  MAX_PUSH_MUTATIONS,
  PROTOCOL_VERSION,
} from './sync-constants.js';

// The protocol's numbers and names live where no schema is built; they are part of the envelope.
export * from './sync-constants.js';
import { code } from './error-codes.js';
import { userSchema } from './entities/user.js';
import { areaSchema, categorySchema } from './entities/area.js';
import {
  announcementReadSchema,
  announcementSchema,
  inventoryItemSchema,
  itemRequestSchema,
  reportPhotoSchema,
  reportEventSchema,
  reportSchema,
  stockTransactionSchema,
  userSummarySchema,
} from './entities/records.js';
import { notificationPrefsSchema, notificationSchema } from './notifications.js';
import { roundCompletionSchema, roundTemplateSchema } from './rounds-schemas.js';

/**
 * One outbox entry on the wire. `args` stays unknown here: each mutation is validated on its
 * own (see MUTATION_ARGS) so one malformed entry is rejected without failing its batch.
 */
export const mutationEnvelopeSchema = z.object({
  id: z.uuid(),
  seq: z.number().int().positive(),
  name: z.string().min(1).max(64),
  args: z.unknown(),
  at: z.string(),
});
export type MutationEnvelope = z.infer<typeof mutationEnvelopeSchema>;

export const pushRequestSchema = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  client_id: z.uuid(),
  mutations: z.array(mutationEnvelopeSchema).min(1).max(MAX_PUSH_MUTATIONS),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

export const SYNC_ERROR_CODES = [
  'validation',
  'forbidden',
  'not_found',
  'conflict',
  'invalid_transition',
  'unknown_mutation',
  'photo_missing',
] as const;
export type SyncErrorCode = (typeof SYNC_ERROR_CODES)[number];

/** Codes from the wire are open strings: a newer server's code must not fail an older parser. */
export const errorReasonSchema = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const fieldReasonsSchema = z.record(z.string(), z.array(errorReasonSchema));

export const mutationResultSchema = z.discriminatedUnion('status', [
  z.object({ seq: z.number().int(), id: z.string(), status: z.literal('applied') }),
  z.object({ seq: z.number().int(), id: z.string(), status: z.literal('duplicate') }),
  z.object({
    seq: z.number().int(),
    id: z.string(),
    status: z.literal('rejected'),
    /**
     * One of SYNC_ERROR_CODES from this version, but open on the wire: a device still running
     * an older bundle must take a newer server's refusal (its message says what it is) rather
     * than fail the check of the whole answer, which would leave the batch unsettled forever.
     */
    code: z.string(),
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** What `message` says, by code; absent from an older server. */
    reason: errorReasonSchema.optional(),
    field_reasons: fieldReasonsSchema.optional(),
  }),
]);
export type MutationResult = z.infer<typeof mutationResultSchema>;

export const pushResponseSchema = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  results: z.array(mutationResultSchema),
  /** Highest seq the server has now applied (or refused) for this client. */
  last_seq: z.number().int().nonnegative(),
});
export type PushResponse = z.infer<typeof pushResponseSchema>;

/**
 * A batch whose first seq is not last_seq + 1 is refused whole with 409 and this body, so the
 * client resends from `expected_seq` instead of the server silently skipping a mutation.
 */
export const seqGapSchema = z.object({
  message: z.string(),
  code: z.literal('seq_gap'),
  params: z.object({ expected: z.number() }).optional(),
  expected_seq: z.number().int().positive(),
});
export type SeqGap = z.infer<typeof seqGapSchema>;

const change = <E extends string, S extends z.ZodType>(entity: E, row: S) =>
  z.discriminatedUnion('op', [
    z.object({
      entity: z.literal(entity),
      op: z.literal('put'),
      id: z.string(),
      change_seq: z.number().int(),
      row,
    }),
    z.object({
      entity: z.literal(entity),
      op: z.literal('delete'),
      id: z.string(),
      change_seq: z.number().int(),
      /**
       * The name a deleted user, area, category or item went by, for the records that still
       * name it (absent from older servers, and for every other entity).
       */
      name: z.string().optional(),
    }),
  ]);

export const changeSchema = z.union([
  change('users', userSummarySchema),
  change('areas', areaSchema),
  change('categories', categorySchema),
  change('reports', reportSchema),
  change('report_photos', reportPhotoSchema),
  change('report_events', reportEventSchema),
  change('inventory_items', inventoryItemSchema),
  change('stock_transactions', stockTransactionSchema),
  change('item_requests', itemRequestSchema),
  change('announcements', announcementSchema),
  change('announcement_reads', announcementReadSchema),
  change('notifications', notificationSchema),
  change('notification_prefs', notificationPrefsSchema),
  change('round_templates', roundTemplateSchema),
  change('round_completions', roundCompletionSchema),
]);
export type Change = z.infer<typeof changeSchema>;

/**
 * Whether a pull page counts the changes left after it (`remaining` in the answer). Counting
 * reads every change past the page, so a run that counted on every page would count about
 * n²/limit rows to bring n: a device asks for the count on its first page, keeps that total,
 * and asks the following pages of the same run to skip it. Devices that never send it get a
 * count on every page, as before.
 */
export const PULL_REMAINING = ['count', 'skip'] as const;
export type PullRemaining = (typeof PULL_REMAINING)[number];

export const pullQuerySchema = z.object({
  /**
   * Opaque to the client; today the last change_seq it has, as a decimal string. At most 15
   * digits: no change number gets further (a thousand a second for 30,000 years), every one up
   * to there is exact as a number, and a longer one overflowed the database's bigint.
   */
  cursor: z
    .string()
    .regex(/^\d{0,15}$/, code('cursor_invalid'))
    .default(''),
  limit: z.coerce.number().int().min(1).max(MAX_PULL_LIMIT).default(DEFAULT_PULL_LIMIT),
  /** Absent: counted, as for a device that predates the choice. */
  remaining: z.enum(PULL_REMAINING, { error: code('remaining_invalid') }).optional(),
});
export type PullQuery = z.infer<typeof pullQuerySchema>;

export const pullResponseSchema = z.object({
  protocol_version: z.literal(PROTOCOL_VERSION),
  changes: z.array(changeSchema),
  cursor: z.string(),
  has_more: z.boolean(),
  /**
   * Changes the user may see past `cursor`, counted in the same snapshot as the page (0 when
   * `has_more` is false), so a long first sync can show "rows so far of the total". Counted
   * on the server at the time of the page: changes committed later raise it on the next page.
   * Absent from an older server, and from a page asked with `remaining=skip`: read as 0 here,
   * so a client that asked to skip the count must not read it as one.
   */
  remaining: z.number().int().nonnegative().default(0),
  unread_announcements: z.number().int().nonnegative(),
  /** The signed-in user's own full profile, so it is current on every device. */
  me: userSchema,
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
