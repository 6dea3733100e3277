import type { Report } from '@urs/sync-protocol';

/**
 * The report's readable number (LAP-2026-000123, given by the server when the report arrives:
 * docs/decisions/033-report-numbers.md), or, until the pull brings it, the words a request not
 * yet numbered shows.
 */
export function reportNumberText(
  report: Pick<Report, 'number'>,
  t: (key: 'reports.awaitingNumber') => string,
): string {
  return report.number ?? t('reports.awaitingNumber');
}
