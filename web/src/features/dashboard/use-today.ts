import { useEffect, useState } from 'react';

const dayOf = (now: Date) => now.toDateString();

/**
 * Today's date on this device, kept current: the week's figures and the last seven days are
 * counted from it, and an app left open (or brought back) the next day must count afresh even
 * when no report changed. Checked at the next midnight and whenever the page is shown again.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => dayOf(new Date()));
  useEffect(() => {
    const check = () => setToday(dayOf(new Date()));
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    const timer = setTimeout(check, midnight.getTime() - now.getTime() + 1_000);
    document.addEventListener('visibilitychange', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [today]);
  return today;
}
