/**
 * How far a catch-up has come: changes applied so far, of the total the server announced.
 *
 * The total is counted once per run, with its first page (the following pages are asked with
 * `remaining=skip`: counting on every page would count about n²/limit rows for n, decision 018).
 * A catch-up may take several runs: on a slow link a page fails and the next run starts after
 * the backoff, or the app is closed and opened again. The server counts what lies past the
 * cursor, so each new run's count is smaller by what earlier runs applied; counted per run, the
 * label went back to a small count of a smaller total, then up again when a run started from
 * the beginning (17.133 -> 15.133 -> 17.135). The device therefore keeps the progress with the
 * cursor it belongs to (SyncState.pull_progress, written in each page's transaction) and a run
 * goes on from it: the count only rises, and the total only grows, when new changes arrive.
 */
export interface PullProgress {
  applied: number;
  total: number;
}

/**
 * The progress after a page: `applied` changes so far in this catch-up (earlier runs' included),
 * `remaining` what the server counted after this page, or undefined when the page was asked not
 * to count. The total never goes down, and never below the rows applied.
 */
export function progressAfterPage(
  previous: PullProgress | undefined,
  applied: number,
  remaining: number | undefined,
): PullProgress {
  const announced = remaining === undefined ? 0 : applied + remaining;
  return {
    applied: Math.max(previous?.applied ?? 0, applied),
    total: Math.max(previous?.total ?? 0, announced, applied),
  };
}

/**
 * The catch-up a run goes on from: the one stored with the cursor, unless the cursor starts
 * from the beginning (the tables were cleared for another user, a role change or a restore, so
 * nothing counted before is on the device any more).
 */
export function carriedProgress(state: {
  cursor: string;
  pull_progress?: PullProgress | null;
}): PullProgress | undefined {
  if (state.cursor === '') return undefined;
  return state.pull_progress ?? undefined;
}
