import type { RoundSchedule } from '@urs/sync-protocol';

/*
 * A template's schedule as the admin's list says it: the days themselves ("Mon, Wed, Fri",
 * "every 3 days", "day 31 of each month"), not only the kind of schedule it is.
 */

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function scheduleText(schedule: RoundSchedule, t: Translate): string {
  const days = (weekdays: readonly number[]) =>
    weekdays.length === 7
      ? t('roundsAdmin.scheduleKinds.daily')
      : weekdays.map((d) => t(`roundsAdmin.weekdayNames.${d}`)).join(', ');
  switch (schedule.kind) {
    case 'daily':
      return t('roundsAdmin.scheduleKinds.daily');
    case 'weekdays':
      return days(schedule.weekdays);
    case 'every_n_days':
      return t('roundsAdmin.scheduleText.everyNDays', { count: schedule.n });
    case 'every_n_weeks':
      return t('roundsAdmin.scheduleText.everyNWeeks', {
        count: schedule.n,
        days: days(schedule.weekdays),
      });
    case 'day_of_month':
      return t('roundsAdmin.scheduleText.dayOfMonth', { day: schedule.day });
    case 'after_completion':
      return t('roundsAdmin.scheduleText.afterCompletion', { count: schedule.n });
  }
}
