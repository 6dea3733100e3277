import { useTranslation } from 'react-i18next';
import { isCalendarDate } from './calendar-date.js';

/*
 * Every date and number the app shows goes through here, in the interface language, so a date
 * reads the same on every screen.
 */

/** The Intl locale for an interface language: Indonesian unless English was chosen. */
export function localeOf(language: string): string {
  return language === 'en' ? 'en-GB' : 'id-ID';
}

/*
 * Building an Intl formatter costs far more than using one (a list of reports spent most of its
 * render in `toLocaleString`, which builds one per call), so each is built once per language.
 */
const formats = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, build: () => F): F {
  let format = formats.get(key) as F | undefined;
  if (format === undefined) {
    format = build();
    formats.set(key, format);
  }
  return format;
}

function dateFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(
    `date ${language} ${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(localeOf(language), options),
  );
}

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(
    `number ${language} ${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(localeOf(language), options),
  );
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * Builds the date-and-time formatter ahead of its first use. The first one of a locale costs
 * 10-20 ms (the locale's patterns are loaded), which a screen that shows dates can spend in a
 * task of its own while its data loads instead of inside the render that shows them.
 */
export function prepareDateTimeFormat(language: string): void {
  dateFormat(language, DATE_TIME);
}

/** An instant with its time, in the device's time zone ("23 Nov 2026, 08.00"). */
export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, DATE_TIME).format(date);
}

/** The day of an instant, in the device's time zone ("23 Nov 2026"). */
export function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(language, { dateStyle: 'medium' }).format(date);
}

/** A `YYYY-MM-DD` calendar day; it never shifts by time zone. */
export function formatDay(day: string, language: string): string {
  if (!isCalendarDate(day)) return day;
  return dateFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );
}

/** A `YYYY-MM-DD` calendar day without its year, where the year is plain ("21 Nov"). */
export function formatDayMonth(day: string, language: string): string {
  if (!isCalendarDate(day)) return day;
  return dateFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00.000Z`),
  );
}

/**
 * A job's due day with its time when it has one ("3 Des 2026, 09.30"): both are the school's
 * calendar and clock as stored, never shifted by time zone.
 */
export function formatDue(day: string, time: string | null, language: string): string {
  if (!isCalendarDate(day)) return day;
  if (time === null || !/^\d{2}:\d{2}$/.test(time)) return formatDay(day, language);
  return dateFormat(language, { ...DATE_TIME, timeZone: 'UTC' }).format(
    new Date(`${day}T${time}:00.000Z`),
  );
}

/** A due time alone ("09.30"), from the stored `HH:MM`. */
export function formatDueTime(time: string, language: string): string {
  if (!/^\d{2}:\d{2}$/.test(time)) return time;
  return dateFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`1970-01-01T${time}:00.000Z`),
  );
}

/** A `YYYY-MM` calendar month in `options`, read in UTC so it never shifts by time zone. */
function monthIn(month: string, language: string, options: Intl.DateTimeFormatOptions): string {
  if (!isCalendarDate(`${month}-01`)) return month;
  return dateFormat(language, { ...options, timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00.000Z`),
  );
}

/** A `YYYY-MM` calendar month ("Sep 2026"); it never shifts by time zone. */
export function formatMonth(month: string, language: string): string {
  return monthIn(month, language, { month: 'short', year: 'numeric' });
}

/**
 * A month as a chart's axis names it among its neighbours: the short name alone ("Agu"), with
 * the year where one starts or the axis does ("Jan 2027"), so six of them fit a phone's width.
 */
export function formatMonthTick(month: string, language: string, first: boolean): string {
  if (first || month.endsWith('-01')) return formatMonth(month, language);
  return monthIn(month, language, { month: 'short' });
}

export function formatNumber(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** A rate given in percent (66.7) as the language writes it ("66,7%"). */
export function formatPercent(percent: number, language: string): string {
  return numberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(
    percent / 100,
  );
}

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: '12,4 MB' in Indonesian, '12.4 MB' in English (1 KB = 1024 B). */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = numberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(
    value,
  );
  return `${number} ${BYTE_UNITS[unit] ?? 'B'}`;
}

/** The formatters above, bound to the current interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    dateTime: (iso: string) => formatDateTime(iso, language),
    date: (iso: string) => formatDate(iso, language),
    day: (day: string) => formatDay(day, language),
    number: (value: number) => formatNumber(value, language),
    percent: (percent: number) => formatPercent(percent, language),
    bytes: (bytes: number) => formatBytes(bytes, language),
  };
}
