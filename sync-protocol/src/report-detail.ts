import { z } from './zod.js';
import { reportEventSchema, reportPhotoSchema, reportSchema } from './entities/records.js';
import { roleSchema } from './roles.js';

const namedRef = z.object({ id: z.string().min(1), name: z.string() });

/**
 * A photo as the detail answer lists it: enough to show, enlarge and download it through
 * `GET /api/photos/:id`. The content hash stays on the server: a device that only views the
 * report never uploads or verifies these bytes.
 */
export const reportDetailPhotoSchema = reportPhotoSchema.pick({
  id: true,
  kind: true,
  position: true,
  mime_type: true,
  size_bytes: true,
  captured_at: true,
});
export type ReportDetailPhoto = z.infer<typeof reportDetailPhotoSchema>;

/**
 * `GET /api/reports/:id`: one live report with the names its detail screen shows. It is how a
 * device opens a report it does not hold (another staff member's, which the pull never sends,
 * or one not pulled yet), so it carries the synced row itself plus the names that a device
 * would otherwise look up in its own tables.
 */
export const reportDetailSchema = reportSchema.extend({
  area: namedRef,
  category: namedRef.nullable(),
  reporter: namedRef.extend({ role: roleSchema }),
  photos: z.array(reportDetailPhotoSchema),
  /**
   * The timeline, oldest first (decision 028): only for those it concerns (an admin, the
   * reporter, the assignee), whose devices hold it too; absent for anyone else, and from a
   * server before timelines.
   */
  events: z.array(reportEventSchema).optional(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;

export const reportDetailResponseSchema = z.object({ data: reportDetailSchema });
export type ReportDetailResponse = z.infer<typeof reportDetailResponseSchema>;
