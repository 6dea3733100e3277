import { z } from './zod.js';
import { REPORT_STATUSES } from './vocabulary.js';

/** Report, request and stock vocabularies from spec section 4, so the database and the UI agree. */
export {
  REPORT_STATUSES,
  REQUEST_STATUSES,
  type ReportStatus,
  type RequestStatus,
} from './vocabulary.js';
export const reportStatusSchema = z.enum(REPORT_STATUSES);

export const WORK_TYPES = ['cleaning', 'repair', 'maintenance', 'inspection', 'other'] as const;
export const workTypeSchema = z.enum(WORK_TYPES);
export type WorkType = z.infer<typeof workTypeSchema>;

export const PHOTO_KINDS = ['before', 'after'] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const REQUEST_TYPES = ['stock', 'custom'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const TRANSACTION_TYPES = ['in', 'out', 'adjustment'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export const ANNOUNCEMENT_PRIORITIES = ['normal', 'important'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];
