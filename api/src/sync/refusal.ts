import type { SyncErrorCode } from '@urs/sync-protocol';

/**
 * A domain refusal of one mutation: answered `rejected` with this code, rolls back only that
 * mutation's savepoint, and still advances the client's seq so one bad item never blocks the
 * queue. Anything else thrown inside a batch is an infrastructure failure and rolls back all.
 */
export class Refusal extends Error {
  constructor(
    readonly code: SyncErrorCode,
    message: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const refuse = {
  forbidden: (message = 'Anda tidak memiliki akses untuk perubahan ini.') =>
    new Refusal('forbidden', message),
  notFound: (message: string) => new Refusal('not_found', message),
  conflict: (message: string) => new Refusal('conflict', message),
  invalid: (field: string, message: string) =>
    new Refusal('validation', message, { [field]: [message] }),
};
