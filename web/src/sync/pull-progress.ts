/**
 * How far a pull has come: changes applied so far in this run, of the total the server
 * announced. The total is counted once, with the first page (the following pages are asked
 * with `remaining=skip`: counting on every page would count about n²/limit rows for n); it
 * only grows, when the rows applied pass it as others keep writing, so the count never shows
 * more than all of it nor goes back.
 */
export interface PullProgress {
  applied: number;
  total: number;
}

/**
 * The progress after a page: `applied` changes so far, `remaining` what the server counted
 * after this page, or undefined when the page was asked not to count.
 */
export function progressAfterPage(
  previous: PullProgress | undefined,
  applied: number,
  remaining: number | undefined,
): PullProgress {
  const announced = remaining === undefined ? 0 : applied + remaining;
  return { applied, total: Math.max(previous?.total ?? 0, announced, applied) };
}
