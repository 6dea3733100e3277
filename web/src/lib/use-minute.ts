import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/** The start of the minute holding `ms`. */
const minuteOf = (ms: number) => ms - (ms % MINUTE_MS);

/**
 * Now, to the minute, kept current: a job becomes overdue at its due minute whether or not any
 * row changed, so the screens that say "overdue" read the clock through this. It moves at each
 * minute's turn and whenever the page is shown again (a phone asleep in a pocket runs no timers).
 */
export function useMinute(): number {
  const [minute, setMinute] = useState(() => minuteOf(Date.now()));
  useEffect(() => {
    const check = () => setMinute(minuteOf(Date.now()));
    const timer = setTimeout(check, minute + MINUTE_MS - Date.now() + 50);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [minute]);
  return minute;
}
