import { Hono } from 'hono';
import { MAX_PUSH_BYTES, pullQuerySchema, pushRequestSchema, reason } from '@urs/sync-protocol';
import { authOf, type AppEnv } from '../middleware/guard.js';
import { limitBody, readJson } from '../middleware/body.js';
import { parseOr422, validationError } from '../lib/http-error.js';
import type { RouteDeps } from '../routes/deps.js';
import { applyPushBatch, isContiguous, type PushOptions } from './push.js';
import { pullChanges, unreadAnnouncementCount } from './pull.js';

export function syncRoutes({ db, guard }: RouteDeps, pushOptions: PushOptions = {}) {
  const app = new Hono<AppEnv>();

  app.post('/api/sync/push', guard('sync.use'), limitBody(MAX_PUSH_BYTES), async (c) => {
    const request = parseOr422(pushRequestSchema, await readJson(c));
    if (!isContiguous(request.mutations)) {
      throw validationError({ mutations: [reason('seq_not_contiguous')] });
    }
    const { user } = authOf(c);
    const outcome = await applyPushBatch(
      db,
      { id: user.id, role: user.role },
      request,
      pushOptions,
    );
    return outcome.kind === 'seq_gap' ? c.json(outcome.body, 409) : c.json(outcome.body);
  });

  app.get('/api/sync/pull', guard('sync.use'), async (c) => {
    const query = parseOr422(pullQuerySchema, c.req.query());
    const cursor = query.cursor === '' ? 0 : Number(query.cursor);
    // The answer is JSON text already (pull.ts): the database built every change.
    const body = await pullChanges(db, authOf(c).user, cursor, query.limit);
    return c.body(body, 200, { 'Content-Type': 'application/json' });
  });

  /** Spec section 7: the number behind the sidebar badge, for the roles that may see them. */
  app.get('/api/announcements/unread-count', guard('announcements.read'), async (c) => {
    const { user } = authOf(c);
    return c.json({ count: await unreadAnnouncementCount(db, { id: user.id, role: user.role }) });
  });

  return app;
}
