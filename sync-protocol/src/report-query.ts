import { z } from './zod.js';
import { code } from './error-codes.js';
import { JOB_PRIORITIES, type JobPriority } from './job-priorities.js';
import type { ReportOrigin } from './jobs.js';
import { STORABLE_TEXT } from './limits.js';
import { listQuerySchema } from './pagination.js';
import { roleSchema } from './roles.js';
import { reportStatusSchema } from './work.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const localDate = z.iso.date({ error: code('date_format') });

/** The assignee filter's value for the jobs nobody holds yet (the admin's queue). */
export const UNASSIGNED = 'unassigned';
/** The overdue filter is on as `overdue=true`; blank or `false` is no filter. */
const flagOn = (v: unknown) => (v === 'true' || v === true ? true : v === 'false' ? undefined : v);

/**
 * The admin report list's filters, as they travel in the URL (the screen keeps them in its
 * search params) and in the API query string. Blank values mean "no filter". The dates are the
 * school's calendar days of the filing time (`reported_at`).
 */
export const reportFiltersSchema = z
  .object({
    role: z.preprocess(blankToUndefined, roleSchema.optional()),
    status: z.preprocess(blankToUndefined, reportStatusSchema.optional()),
    area_id: z.preprocess(blankToUndefined, z.string().optional()),
    reporter_id: z.preprocess(blankToUndefined, z.string().optional()),
    /** A user's id, or UNASSIGNED. */
    assignee_id: z.preprocess(blankToUndefined, z.string().optional()),
    priority: z.preprocess(blankToUndefined, z.enum(JOB_PRIORITIES).optional()),
    /** Overdue at the answer's instant, by the contract's isOverdue (jobs.ts). */
    overdue: z.preprocess((v) => flagOn(blankToUndefined(v)), z.literal(true).optional()),
    date_from: z.preprocess(blankToUndefined, localDate.optional()),
    date_to: z.preprocess(blankToUndefined, localDate.optional()),
    q: z.preprocess(
      blankToUndefined,
      z.string().trim().max(200).regex(STORABLE_TEXT, code('text_unstorable')).optional(),
    ),
  })
  .refine((f) => f.date_from === undefined || f.date_to === undefined || f.date_from <= f.date_to, {
    path: ['date_to'],
    message: code('date_range'),
  });
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const reportListQuerySchema = listQuerySchema
  .omit({ q: true })
  .and(reportFiltersSchema)
  .and(
    z.object({
      /** Filing time on the device (the default), or the server's receipt time. */
      sort: z.enum(['reported_at', 'created_at']).default('reported_at'),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
  );
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

export const EXPORT_SCOPES = ['all', 'today', 'this_week', 'this_month'] as const;
export const reportExportQuerySchema = reportFiltersSchema.and(
  z.object({
    scope: z.enum(EXPORT_SCOPES, { error: code('export_scope_invalid') }).default('all'),
  }),
);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** One row of the admin list: the report with the names the table shows. */
export interface ReportListRow {
  id: string;
  /** LAP-2026-000123 (the report's `number`); null only on rows of a server that gave none. */
  number: string | null;
  description: string;
  status: z.infer<typeof reportStatusSchema>;
  work_type: string;
  admin_note: string | null;
  /** Filed on the device; the list's dates, filters and order. */
  reported_at: string;
  /** Received by the server. */
  created_at: string;
  updated_at: string;
  area: { id: string; name: string };
  category: { id: string; name: string } | null;
  reporter: { id: string; name: string; role: z.infer<typeof roleSchema> };
  photo_counts: { before: number; after: number };
  /** The job (decision 028); null assignee: nobody holds it yet. */
  assignee: { id: string; name: string } | null;
  priority: JobPriority;
  due_date: string | null;
  due_time: string | null;
  completed_at: string | null;
  origin: ReportOrigin;
  /** At the answer's instant, in the school's calendar (the contract's isOverdue). */
  overdue: boolean;
}
