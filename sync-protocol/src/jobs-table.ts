import type { JobAction, JobRelation } from './jobs.js';
import type { ReportStatus } from './vocabulary.js';

/**
 * Decision 028's table of who may do what, written out as data, status by status, for the
 * tests of both sides: the contract's jobActions must give exactly these sets
 * (sync-protocol/src/jobs.test.ts), and the server must apply exactly these through the push
 * (api/src/sync/jobs-transitions.test.ts). A change to who may do what changes this table, the
 * decision record and jobActions together. Field work of a former assignee that is kept rather
 * than allowed (the table's "kept") is no action here: the convergence rules decide it.
 */
export const JOB_TABLE: Readonly<Record<JobRelation, Record<ReportStatus, readonly JobAction[]>>> =
  {
    admin: {
      pending: ['plan', 'edit', 'photos', 'comment', 'start', 'complete', 'cancel'],
      in_progress: ['plan', 'edit', 'photos', 'comment', 'complete', 'cancel'],
      completed: ['plan', 'edit', 'photos', 'comment', 'reopen'],
      cancelled: ['plan', 'edit', 'photos', 'comment', 'reopen'],
    },
    assignee: {
      pending: ['photos', 'comment', 'start', 'complete', 'hand_back'],
      in_progress: ['photos', 'comment', 'complete', 'hand_back'],
      completed: ['photos', 'comment'],
      cancelled: ['photos', 'comment'],
    },
    reporter: {
      pending: ['comment', 'edit', 'photos', 'cancel'],
      in_progress: ['comment'],
      completed: ['comment'],
      cancelled: ['comment'],
    },
    former_assignee: { pending: [], in_progress: [], completed: [], cancelled: [] },
    other: { pending: [], in_progress: [], completed: [], cancelled: [] },
  };
