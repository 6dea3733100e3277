import { type ItemRequest, type RequestStatus } from '@urs/sync-protocol';
import { TEXT_LIMITS } from '@urs/sync-protocol';
import { type RequestCreateArgs, blankToNull } from '../form/request-form-logic.js';

/** The row the screen shows at once: no number until the server assigns one, pending. */
export function newRequestRow(
  args: RequestCreateArgs,
  requesterId: string,
  now: Date,
): ItemRequest {
  const at = now.toISOString();
  return {
    ...args,
    number: null,
    requester_id: requesterId,
    approver_id: null,
    approver_notes: null,
    status: 'pending',
    decided_at: null,
    created_at: at,
    updated_at: at,
  };
}

export type Decision = Exclude<RequestStatus, 'pending'>;

/** Admin notes for a decision: trimmed, blank as null; too long is refused. */
export function decisionNotes(
  raw: string,
): { ok: true; notes: string | null } | { ok: false; code: 'notesTooLong' } {
  const notes = blankToNull(raw);
  if (notes !== null && notes.length > TEXT_LIMITS.requestNotes)
    return { ok: false, code: 'notesTooLong' };
  return { ok: true, notes };
}

export function decidedRow(
  row: ItemRequest,
  decision: Decision,
  approverId: string,
  notes: string | null,
  now: Date,
): ItemRequest {
  const at = now.toISOString();
  return {
    ...row,
    status: decision,
    approver_id: approverId,
    approver_notes: notes,
    decided_at: at,
    updated_at: at,
  };
}

export const decisionMutation = (decision: Decision) =>
  decision === 'approved' ? ('request.approve' as const) : ('request.reject' as const);
