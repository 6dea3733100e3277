import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  checkMutation,
  type ApiErrorBody,
  type ParsedMutationArgs,
  type SyncErrorCode,
} from '@urs/sync-protocol';
import type { Db, Tx } from '../db/handles.js';
import { ChangeSeqRange, nowIso } from '../db/change-seq.js';
import { withSavepoint } from '../db/savepoint.js';
import { HttpError } from '../lib/http-error.js';
import type { SchoolClock } from '../lib/school-time.js';
import type { SchoolActor } from '../auth/policy.js';
import { httpErrorBody } from '../middleware/errors.js';
import { mutationContext, type MutationContext } from './handlers/context.js';
import { jobHandlers } from './handlers/jobs.js';
import { Refusal } from './refusal.js';
import { flushNotices, undoNotices } from '../services/notify.js';

/*
 * The job actions of decision 028 over REST (docs/api.md, "Jobs over REST"; the routes are
 * job-routes.ts): each runs the push's own handler (handlers/jobs.ts) on the same validated args, in a write transaction that
 * takes the school's change counter as a push batch does, so the table, the convergence rules,
 * the timeline event and the phones' pull are the push's, and only the answer differs: a
 * refusal becomes the HTTP status its code means.
 */

export type JobMutation = keyof typeof jobHandlers;

/** A push refusal's code as an HTTP status (docs/api.md; decision 013's codes ride along). */
const HTTP_STATUS: Record<SyncErrorCode, ContentfulStatusCode> = {
  validation: 422,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  // The job is not in a state that allows it (or lacks its after photo): the request was
  // well formed, the report's state refuses it, as a last admin's role change is refused.
  invalid_transition: 409,
  unknown_mutation: 422,
  photo_missing: 409,
};

export function httpErrorOf(refusal: Refusal): HttpError {
  return new HttpError(HTTP_STATUS[refusal.code], refusal.reason, refusal.fields);
}

/** The args, validated as the push validates the mutation's; a refusal is a 422 with its field reasons. */
function parsed<N extends JobMutation>(name: N, args: unknown): ParsedMutationArgs<N> {
  const check = checkMutation({ name, args });
  if (!check.ok) throw httpErrorOf(new Refusal(check.code, check.reason, check.fields));
  return check.mutation.args as ParsedMutationArgs<N>;
}

/** Runs `fn` in a write transaction holding the school's change counter, as a push batch. */
async function inJobTransaction<T>(
  db: Db,
  actor: SchoolActor,
  clock: SchoolClock,
  fn: (ctx: MutationContext, tx: Tx) => Promise<T>,
): Promise<T> {
  const committed: (() => void)[] = [];
  const result = await db.write(async (tx) => {
    committed.length = 0;
    const seq = await ChangeSeqRange.open(tx, actor.schoolId);
    const ctx = mutationContext(tx, actor, seq.take, nowIso(), clock, (wake) =>
      committed.push(wake),
    );
    const answer = await fn(ctx, tx);
    await flushNotices(ctx);
    await seq.commit();
    return answer;
  });
  // What the handlers asked for once the change is stored (the push sender woken), as a push does.
  for (const wake of committed) wake();
  return result;
}

function runHandler<N extends JobMutation>(
  ctx: MutationContext,
  name: N,
  args: ParsedMutationArgs<N>,
): Promise<void> {
  const handler = jobHandlers[name] as (
    ctx: MutationContext,
    args: ParsedMutationArgs<N>,
  ) => Promise<void>;
  return handler(ctx, args);
}

/**
 * One job action on one report, through the push's handler. A refusal rolls the whole
 * transaction back and answers as its HTTP status; an action overtaken by what happened since
 * (decision 028, "Convergence") changes nothing and answers as done, as the push does.
 */
export async function runJobAction<N extends JobMutation>(
  db: Db,
  actor: SchoolActor,
  clock: SchoolClock,
  name: N,
  args: unknown,
): Promise<void> {
  const valid = parsed(name, args);
  try {
    await inJobTransaction(db, actor, clock, (ctx) => runHandler(ctx, name, valid));
  } catch (err) {
    if (err instanceof Refusal) throw httpErrorOf(err);
    throw err;
  }
}

/** One report's answer in a bulk plan: done, or refused with the body a single route sends. */
export type BulkJobResult =
  { id: string; status: 200 } | ({ id: string; status: ContentfulStatusCode } & ApiErrorBody);

/**
 * The same plan for several reports (the admin's list, several at once): each report is its own
 * `report.set_job` in a savepoint of one transaction, so one refused (deleted meanwhile, another
 * school's) leaves the others planned, and each answers what the single route would.
 */
export async function planJobs(
  db: Db,
  actor: SchoolActor,
  clock: SchoolClock,
  plans: readonly unknown[],
): Promise<BulkJobResult[]> {
  const valid = plans.map((plan) => parsed('report.set_job', plan));
  return inJobTransaction(db, actor, clock, async (ctx, tx) => {
    const results: BulkJobResult[] = [];
    for (const args of valid) {
      const notifications = ctx.notices.notifications.length;
      const deliveries = ctx.notices.deliveries.length;
      try {
        await withSavepoint(tx, () => runHandler(ctx, 'report.set_job', args));
        results.push({ id: args.id, status: 200 });
      } catch (err) {
        if (!(err instanceof Refusal)) throw err;
        // The savepoint undid the plan's rows: its queued notices go with them.
        undoNotices(ctx.notices, notifications, deliveries);
        const http = httpErrorOf(err);
        results.push({ id: args.id, status: http.status, ...httpErrorBody(http) });
      }
    }
    return results;
  });
}
