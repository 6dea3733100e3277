import { type ItemRequest } from '@urs/sync-protocol';
import { type RequestSyncMark } from '../data/request-sync-marks.js';

export type TimelineKind = 'created' | 'synced' | 'approved' | 'rejected' | 'awaiting_decision';
export type TimelineState = 'done' | 'waiting' | 'refused';

export interface TimelineStep {
  kind: TimelineKind;
  state: TimelineState;
  /** When it happened, if known. */
  at: string | null;
  /** Who did it: the requester for 'created', the approver for a decision. */
  actorId: string | null;
  /** The number the server assigned ('synced'). */
  number: string | null;
  /** The approver's notes (decisions). */
  notes: string | null;
  /** The server's refusal message ('refused'). */
  message: string | null;
}

const step = (kind: TimelineKind, state: TimelineState, extra: Partial<TimelineStep> = {}) => ({
  kind,
  state,
  at: null,
  actorId: null,
  number: null,
  notes: null,
  message: null,
  ...extra,
});

const isDecisionName = (name: string) => name === 'request.approve' || name === 'request.reject';

/**
 * created → synced (number assigned, or waiting / refused) → decided (or awaiting a decision).
 * A decision made on this device and not yet accepted shows as waiting, or refused with the
 * server's message (e.g. someone else decided first).
 */
export function buildTimeline(
  request: ItemRequest,
  mark: RequestSyncMark = { pending: [], refused: [] },
): TimelineStep[] {
  const steps: TimelineStep[] = [
    step('created', 'done', { at: request.created_at, actorId: request.requester_id }),
  ];

  const createRefused = mark.refused.find((entry) => entry.name === 'request.create');
  if (request.number !== null) steps.push(step('synced', 'done', { number: request.number }));
  else if (createRefused !== undefined)
    steps.push(step('synced', 'refused', { message: createRefused.message }));
  else steps.push(step('synced', 'waiting'));

  const decisionRefused = mark.refused.find((entry) => isDecisionName(entry.name));
  const decisionPending = mark.pending.some((entry) => isDecisionName(entry.name));
  if (request.status === 'pending') {
    steps.push(step('awaiting_decision', 'waiting', { message: decisionRefused?.message ?? null }));
  } else {
    steps.push(
      step(
        request.status,
        decisionRefused !== undefined ? 'refused' : decisionPending ? 'waiting' : 'done',
        {
          at: request.decided_at,
          actorId: request.approver_id,
          notes: request.approver_notes,
          message: decisionRefused?.message ?? null,
        },
      ),
    );
  }
  return steps;
}
