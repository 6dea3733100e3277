import { Hono } from 'hono';
import {
  fieldReasons,
  MAX_PUSH_BYTES,
  PROTOCOL_VERSION,
  type PushRequest,
  type PushResponse,
  pullQuerySchema,
  pushRequestSchema,
  reason,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { authOf, schoolActor, type AppEnv, type Guard } from '../middleware/guard.js';
import { limitBody, readJson } from '../middleware/body.js';
import { conflict, parseOr422, validationError } from '../lib/http-error.js';
import type { SchoolClock } from '../lib/school-time.js';
import { applyPushBatch, isContiguous, type PushOptions } from './push.js';
import { pullChanges } from './pull.js';
import { unreadCountForSession } from './unread-count.js';
import { refuse, refusalAnswer } from './refusal.js';

/**
 * A push from an account of no school (a district administrator, decision 027): they file no
 * field work, so every mutation is refused as a role without the permission is, and nothing is
 * written (no ledger: a ledger row needs a school). The batch settles on the device.
 */
function schoollessPush(request: PushRequest): PushResponse {
  const answer = refusalAnswer(refuse.forbidden());
  return {
    protocol_version: PROTOCOL_VERSION,
    results: request.mutations.map(({ seq, id }) => ({ seq, id, status: 'rejected', ...answer })),
    last_seq: request.mutations.at(-1)?.seq ?? 0,
  };
}

/**
 * What the sync routes are built from: a part of the REST routes' deps (routes/deps.ts), named
 * here so sync depends on no REST route module, nor through it on services/.
 */
export interface SyncDeps {
  db: Db;
  guard: Guard;
  /** The school's calendar: a request number's year is the school's year, not UTC's. */
  clock: SchoolClock;
}

export function syncRoutes({ db, guard, clock }: SyncDeps, testOptions: PushOptions = {}) {
  const pushOptions: PushOptions = { clock, ...testOptions };
  const app = new Hono<AppEnv>();

  app.post('/api/sync/push', guard('sync.use'), limitBody(MAX_PUSH_BYTES), async (c) => {
    const request = parseOr422(pushRequestSchema, await readJson(c));
    if (!isContiguous(request.mutations)) {
      throw validationError({ mutations: [reason('seq_not_contiguous')] });
    }
    if (authOf(c).user.schoolId === null) return c.json(schoollessPush(request));
    const outcome = await applyPushBatch(db, schoolActor(c), request, pushOptions);
    return outcome.kind === 'seq_gap' ? c.json(outcome.body, 409) : c.json(outcome.body);
  });

  /*
   * Not behind the guard middleware: the page's statement looks the session up itself, which
   * on PostgreSQL saves a round trip per page of a first sync. The guard still decides, on
   * the row that statement found, before any of the page is answered.
   */
  app.get('/api/sync/pull', async (c) => {
    const tokenHash = guard.tokenHash(c);
    const parsed = pullQuerySchema.safeParse(c.req.query());
    if (!parsed.success) {
      // As behind the guard: a request without a live session hears 401 before anything else.
      await guard.authenticate(c, 'sync.use');
      throw validationError(fieldReasons(parsed.error));
    }
    const query = parsed.data;
    const cursor = query.cursor === '' ? 0 : Number(query.cursor);
    const counted = query.remaining !== 'skip';
    const page = await pullChanges(db, tokenHash, cursor, query.limit, counted);
    const { user, schoolName } = await guard.admit(page.session, 'sync.use');
    // A cursor past the last change there is comes from before a restore from backup: the
    // changes numbered up to it since would never reach the device, and rows the restore took
    // away would stay on it. The device starts its tables over (web/src/sync/pull.ts).
    if (cursor > page.lastChange) throw conflict(reason('cursor_ahead'));
    // The answer is JSON text already (pull.ts): the database built every change.
    return c.body(page.answer(user, { name: schoolName, clock }), 200, {
      'Content-Type': 'application/json',
    });
  });

  /**
   * Spec section 7: the number behind the sidebar badge, for the roles that may see them. Not
   * behind the guard middleware, as the pull: its statement looks the session up itself
   * (sync/unread-count.ts), and the guard decides on the row it found before the count is sent.
   */
  app.get('/api/announcements/unread-count', async (c) => {
    const found = await unreadCountForSession(db, guard.tokenHash(c));
    const { unread, notifications } = await guard.admitRow(found, 'announcements.read');
    // As the health check does: set before the answer exists, the header is part of it from
    // the start instead of being added to the answer's headers afterwards (app.ts).
    c.header('Cache-Control', 'no-store');
    return c.json({ count: unread, notifications: Number(notifications) });
  });

  return app;
}
