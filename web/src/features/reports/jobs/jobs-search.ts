import * as z from 'zod/mini';
import { JOB_PRIORITIES, type JobPriority } from '@urs/sync-protocol';
import { lazySchema, textParam } from '../../../lib/search-params.js';

/** `assignee=queue`: the jobs nobody holds yet. */
export const QUEUE_FILTER = 'queue';

/**
 * `/jobs?assignee=<user id>|queue&priority=urgent&overdue=1`: the admin's board of open jobs,
 * filtered on the device. A bad value drops only itself.
 */
export const jobsSearchSchema = lazySchema(() =>
  z.object({
    assignee: textParam(z.string().check(z.minLength(1))),
    priority: textParam(z.enum(JOB_PRIORITIES)),
    overdue: textParam(z.literal('1')),
  }),
);

export interface JobsFilters {
  /** A user's id, QUEUE_FILTER, or undefined for everyone. */
  assignee?: string | undefined;
  priority?: JobPriority | undefined;
  overdue: boolean;
}

export function filtersOf(search: {
  assignee?: string | undefined;
  priority?: JobPriority | undefined;
  overdue?: '1' | undefined;
}): JobsFilters {
  return { assignee: search.assignee, priority: search.priority, overdue: search.overdue === '1' };
}

/** The URL search of the filters; what is not filtered is left out. */
export function searchOfFilters(filters: JobsFilters) {
  return {
    assignee: filters.assignee,
    priority: filters.priority,
    overdue: filters.overdue ? ('1' as const) : undefined,
  };
}
