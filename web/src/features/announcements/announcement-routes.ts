import * as z from 'zod/mini';
import { lazySchema } from '../../lib/search-params.js';

/** `/announcements/$id/edit`: the announcement's id (an unknown one shows "not found"). */
export const announcementParamsSchema = lazySchema(() => z.object({ id: z.string() }));
