import type { OutboxEntry } from '../../../../db/database.js';
import { rejectionText } from '../../../../lib/error-text.js';

export interface RequestSyncMark {
  /** Outbox entries still waiting to reach the server. */
  pending: { entryId: number; name: string }[];
  /** Entries the server refused, with its message; each can be dismissed. */
  refused: { entryId: number; name: string; message: string }[];
}

type MarkSource = Pick<OutboxEntry, 'id' | 'entity' | 'entity_id' | 'status' | 'result'> & {
  mutation: Pick<OutboxEntry['mutation'], 'name'>;
};

/** The outbox entries touching each request, by request id. */
export function syncMarks(entries: readonly MarkSource[]): Map<string, RequestSyncMark> {
  const marks = new Map<string, RequestSyncMark>();
  for (const entry of entries) {
    if (entry.entity !== 'item_requests') continue;
    let mark = marks.get(entry.entity_id);
    if (mark === undefined) {
      mark = { pending: [], refused: [] };
      marks.set(entry.entity_id, mark);
    }
    if (entry.status === 'pending') {
      mark.pending.push({ entryId: entry.id, name: entry.mutation.name });
    } else {
      mark.refused.push({
        entryId: entry.id,
        name: entry.mutation.name,
        message: rejectionText(entry.result),
      });
    }
  }
  return marks;
}
