import * as z from 'zod/mini';

/** `/announcements/$id/edit`: the announcement's id (an unknown one shows "not found"). */
export const announcementParamsSchema = z.object({ id: z.string() });
