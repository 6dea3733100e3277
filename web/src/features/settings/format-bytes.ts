const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: '12,4 MB' in Indonesian, '12.4 MB' in English (1 KB = 1024 B). */
export function formatBytes(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
  return `${number} ${UNITS[unit] ?? 'B'}`;
}
