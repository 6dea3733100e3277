import { captureParts } from '@urs/sync-protocol';
import i18next from 'i18next';
import { localeOf } from '../../../lib/format.js';
import './proof-i18n.js';

/**
 * A capture time as people read it: the camera's own wall clock (never moved into the viewer's
 * zone, so it reads as the photographer's clock did), with its UTC offset when the camera
 * recorded one. null when unknown or malformed.
 */
export function formatCaptureTime(
  value: string | null | undefined,
  language: string,
): string | null {
  const parts = typeof value === 'string' ? captureParts(value) : null;
  if (parts === null) return null;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  const text = new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(wall);
  if (parts.offsetMinutes === null) return text;
  const sign = parts.offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(parts.offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${text} (UTC${sign}${hh}:${mm})`;
}

/** "Diambil …" or "waktu pengambilan tidak diketahui", in the given language. */
export function captureCaption(value: string | null | undefined, language: string): string {
  const lng = language === 'en' ? 'en' : 'id';
  const time = formatCaptureTime(value, lng);
  return time === null
    ? i18next.t('proof.capturedUnknown', { lng })
    : i18next.t('proof.captured', { lng, time });
}
