import type { MutationArgs, MutationName } from '@urs/sync-protocol';
import type { OptimisticWrite } from './outbox.js';

/**
 * One mutation a screen plans to enqueue, with the rows it should show at once; reports and
 * announcements plan their writes this way before checking and queueing them.
 */
export interface PlannedMutation {
  name: MutationName;
  args: MutationArgs<MutationName>;
  optimistic: OptimisticWrite[];
}

/** Typed per mutation at the call site, so each args object is checked against its schema. */
export function planned<N extends MutationName>(
  name: N,
  args: MutationArgs<N>,
  optimistic: OptimisticWrite[],
): PlannedMutation {
  return { name, args, optimistic };
}
