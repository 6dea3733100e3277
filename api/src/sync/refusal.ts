import {
  errorReasonSchema,
  fieldReasonsSchema,
  indonesianFields,
  indonesianText,
  reason,
  type ErrorReason,
  type FieldReasons,
  type SyncErrorCode,
  z,
} from '@urs/sync-protocol';
import type { StoredRefusal } from '../db/schema.js';

/**
 * A domain refusal of one mutation: answered `rejected` with this code, rolls back only that
 * mutation's savepoint, and still advances the client's seq so one bad item never blocks the
 * queue. Anything else thrown inside a batch is an infrastructure failure and rolls back all.
 * `reason` and `fields` say why by code; `message` and `errors` are their Indonesian texts.
 */
export class Refusal extends Error {
  readonly errors?: Record<string, string[]>;

  constructor(
    readonly code: SyncErrorCode,
    readonly reason: ErrorReason,
    readonly fields?: FieldReasons,
  ) {
    super(indonesianText(reason));
    if (fields !== undefined) this.errors = indonesianFields(fields);
  }
}

export const refuse = {
  forbidden: () => new Refusal('forbidden', reason('sync_forbidden')),
  notFound: (why: ErrorReason) => new Refusal('not_found', why),
  conflict: (why: ErrorReason) => new Refusal('conflict', why),
  invalid: (field: string, why: ErrorReason) => new Refusal('validation', why, { [field]: [why] }),
};

/** The `rejected` answer's fields for a refusal: its code, Indonesian texts and reasons. */
export function refusalAnswer(refusal: Refusal) {
  return {
    code: refusal.code,
    message: refusal.message,
    ...(refusal.errors !== undefined && { errors: refusal.errors }),
    reason: refusal.reason,
    ...(refusal.fields !== undefined && { field_reasons: refusal.fields }),
  };
}

/**
 * What `sync_rejections.errors` holds (a JSON column): since error codes, the reason and field
 * reasons, from which the texts are made again; before them, the Indonesian field texts alone.
 * Keeping both shapes in the one column needs no migration, and old rows still answer.
 */
export function storedRefusal(refusal: Refusal): StoredRefusal {
  return {
    reason: refusal.reason,
    ...(refusal.fields !== undefined && { fields: refusal.fields }),
  };
}

const storedSchema = z.object({ reason: errorReasonSchema, fields: fieldReasonsSchema.optional() });
const legacySchema = z.record(z.string(), z.array(z.string()));

/** PostgreSQL hands the column back as its JSON text, SQLite as the parsed value. */
function jsonValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

/** The rejected answer of a stored row, of either shape. */
export function answerOfStored(row: { code: SyncErrorCode; message: string; errors: unknown }) {
  const stored = jsonValue(row.errors);
  const parsed = storedSchema.safeParse(stored);
  if (parsed.success) {
    const { reason: why, fields } = parsed.data;
    return refusalAnswer(new Refusal(row.code, why, fields));
  }
  const legacy = legacySchema.safeParse(stored);
  return {
    code: row.code,
    message: row.message,
    ...(legacy.success && { errors: legacy.data }),
  };
}
