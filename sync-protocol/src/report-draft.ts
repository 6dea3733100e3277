import { z } from './zod.js';
import { capturedAtSchema } from './capture-time.js';
import { PHOTO_KINDS, REPORT_STATUSES, WORK_TYPES } from './work.js';

/**
 * The unsaved report form as the web app keeps it in localStorage. Version 1 is the first
 * versioned shape; drafts written before versions existed have the same fields and no
 * `version`, so they are read as version 1. A draft from a newer app (a higher version) is not
 * guessed at: it fails to parse and the app drops it with a message.
 */
export const REPORT_DRAFT_VERSION = 1;

/** A photo the draft refers to; its bytes are in the device's photo store, not here. */
const draftPhotoSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PHOTO_KINDS),
    sha256: z.string(),
    mime_type: z.string(),
    size_bytes: z.number(),
    /** The camera's capture time (issue 15); a draft from before capture times has none. */
    captured_at: capturedAtSchema.nullish().catch(undefined),
    /** True for a photo already attached to the report being edited. */
    attached: z.boolean().optional(),
  })
  .transform(({ attached, captured_at, ...photo }) => ({
    ...photo,
    ...(typeof captured_at === 'string' && { captured_at }),
    ...(attached === true && { attached }),
  }));
export type ReportDraftPhoto = z.infer<typeof draftPhotoSchema>;

/** One bad field must not cost the rest of the form: each falls back to the empty form's value. */
const draftValuesSchema = z.object({
  area_id: z.string().catch(''),
  category_id: z.string().catch(''),
  work_type: z.enum(WORK_TYPES).catch('cleaning'),
  description: z.string().catch(''),
  status: z.enum(REPORT_STATUSES).catch('pending'),
  /** "For someone else to fix" (decision 028); absent from older drafts and from edits. */
  unassigned: z.boolean().optional().catch(undefined),
});

/** A photo entry that does not parse (its bytes cannot be trusted) is dropped, not the draft. */
const draftPhotosSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const photo = draftPhotoSchema.safeParse(item);
    return photo.success ? [photo.data] : [];
  }),
);

export const reportDraftSchema = z.object({
  version: z.literal(REPORT_DRAFT_VERSION).optional(),
  values: draftValuesSchema,
  photos: draftPhotosSchema,
  saved_at: z.string().catch(''),
  /**
   * The id a new report will be filed under, made when its draft was first kept: a draft that
   * outlives its save (the tab killed in between, a second tab) then names a report the device
   * already has, instead of filing the same work twice. Absent from older drafts and from edits.
   */
  report_id: z.uuid().optional().catch(undefined),
});
export type StoredReportDraft = z.infer<typeof reportDraftSchema>;
