import type { tables } from '@urs/api';
import type { JobPriority } from '@urs/sync-protocol';
import type { Clock } from './clock.js';
import type { NewRow } from './context.js';
import { Random } from './random.js';

type ReportRow = NewRow<typeof tables.reports>;

/** A stream of its own: the jobs change nothing else the seed plans for the same "now". */
const JOB_SEED = 28;
const DAY_MS = 86_400_000;

const PRIORITIES: readonly (readonly [JobPriority, number])[] = [
  ['low', 15],
  ['normal', 55],
  ['high', 22],
  ['urgent', 8],
];

/**
 * Makes the planned reports jobs (docs/decisions/028-jobs-on-reports.md), as a school that has
 * used them for a while would have them: each its reporter's own work, completed ones completed
 * at their last change (the migration's rule for reports from before jobs), a priority each;
 * most open work due some days after it was filed, so some of it is overdue, some due today
 * and some later; every third of the last fortnight's pending reports (the first among them)
 * waiting in the admin's queue; and most of the last six weeks' completions with a due day, met
 * or not.
 */
export function planJobs(reports: ReportRow[], clock: Clock): void {
  const rng = new Random(JOB_SEED);
  const now = clock.now.getTime();
  const dueAfter = (filed: number, days: number) => {
    const day = clock.schoolDay(new Date(filed + days * DAY_MS));
    const time = rng.chance(0.5) ? `${String(rng.int(8, 15)).padStart(2, '0')}:00` : null;
    return { dueDate: day, dueTime: time };
  };
  let recentPending = 0;
  for (const report of reports) {
    const filed = Date.parse(report.reportedAt);
    const age = (now - filed) / DAY_MS;
    const open = report.status === 'pending' || report.status === 'in_progress';
    const queued = report.status === 'pending' && age < 14 && recentPending++ % 3 === 0;
    report.assigneeId = queued ? null : report.reporterId;
    report.priority = rng.weighted(PRIORITIES);
    report.completedAt = report.status === 'completed' ? report.updatedAt : null;
    report.dueDate = null;
    report.dueTime = null;
    if (open && rng.chance(0.75)) Object.assign(report, dueAfter(filed, rng.int(1, 5)));
    if (report.status === 'completed' && age < 45 && rng.chance(0.7)) {
      Object.assign(report, dueAfter(filed, rng.int(0, 3)));
    }
  }
}
