const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type DurationText = (
  key: 'days' | 'hours' | 'minutes',
  values: { major: number; minor: number },
) => string;

/**
 * A time to complete in the two largest units it has ("2 hari 4 jam", "3 jam 20 mnt", "45 mnt"),
 * rounded to the minute: a median in milliseconds means nothing to an admin. Less than a minute
 * reads as 0 minutes; a negative one (a phone's clock behind the server's) as 0 too.
 */
export function formatDuration(ms: number, text: DurationText): string {
  const minutes = Math.max(0, Math.round(ms / MINUTE));
  const whole = minutes * MINUTE;
  if (whole >= DAY) {
    return text('days', {
      major: Math.floor(whole / DAY),
      minor: Math.floor((whole % DAY) / HOUR),
    });
  }
  if (whole >= HOUR) {
    return text('hours', { major: Math.floor(whole / HOUR), minor: (whole % HOUR) / MINUTE });
  }
  return text('minutes', { major: minutes, minor: 0 });
}
