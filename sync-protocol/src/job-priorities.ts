/*
 * A job's priorities, apart from the rest of jobs.ts: the route table's search schemas need
 * them at first paint, and a module the entry imports is bundled whole into the entry's chunk
 * (jobs.ts's permission rules with it, some 3 KB that only the job screens use).
 */

export const JOB_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type JobPriority = (typeof JOB_PRIORITIES)[number];
export const DEFAULT_JOB_PRIORITY: JobPriority = 'normal';

/**
 * The priorities' names, Indonesian first, English second: the one table every screen of the
 * app (through its texts) and the server's exports read, so a name is never changed in one
 * place only.
 */
export const JOB_PRIORITY_LABELS: Readonly<Record<JobPriority, readonly [id: string, en: string]>> =
  {
    low: ['Rendah', 'Low'],
    normal: ['Normal', 'Normal'],
    high: ['Tinggi', 'High'],
    urgent: ['Mendesak', 'Urgent'],
  };
