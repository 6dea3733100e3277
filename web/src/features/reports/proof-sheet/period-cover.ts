import { REPORT_STATUSES, UNASSIGNED, WORK_TYPES, type ReportFilters } from '@urs/sync-protocol';
import i18next from 'i18next';
import { statusKey, workTypeKey } from '../report-i18n.js';
import type { SheetLanguage, SheetSource } from './build-sheet.js';
import type { PeriodCover } from './sheet-model.js';
import '../report-list-i18n.js';
import './proof-i18n.js';
import { roleText } from '../../../lib/role-text.js';
import { priorityKey } from '../job-i18n.js';

/**
 * The cover of a period's PDF: which filters chose the reports (names, not ids, where the
 * reports themselves name them, or the list named the chosen assignee) and how many there are
 * by status and by work type.
 */
export function buildPeriodCover(
  filters: ReportFilters,
  sources: readonly SheetSource[],
  lng: SheetLanguage,
  assigneeName?: string,
): PeriodCover {
  const t = (key: string, options: Record<string, unknown> = {}) =>
    i18next.t(key, { lng, ...options });
  const nameOf = (pick: (source: SheetSource) => [string, string | undefined], id: string) =>
    sources.map(pick).find(([candidate, name]) => candidate === id && name !== undefined)?.[1] ??
    id;
  const shown: PeriodCover['filters'] = [];
  if (filters.role !== undefined) {
    shown.push({ label: t('reportList.role'), value: roleText(filters.role, lng) });
  }
  if (filters.status !== undefined) {
    shown.push({ label: t('reportList.status'), value: t(statusKey(filters.status)) });
  }
  if (filters.area_id !== undefined) {
    const value = nameOf((s) => [s.report.area_id, s.names.area], filters.area_id);
    shown.push({ label: t('reportList.area'), value });
  }
  if (filters.reporter_id !== undefined) {
    const value = nameOf((s) => [s.report.reporter_id, s.names.reporter], filters.reporter_id);
    shown.push({ label: t('reports.reporter'), value });
  }
  if (filters.assignee_id !== undefined) {
    const value =
      filters.assignee_id === UNASSIGNED
        ? t('reportList.unassigned')
        : (assigneeName ?? filters.assignee_id);
    shown.push({ label: t('reportList.assignee'), value });
  }
  if (filters.priority !== undefined) {
    shown.push({
      label: t('reportList.priority'),
      value: t(priorityKey(filters.priority)),
    });
  }
  if (filters.overdue === true) {
    shown.push({ label: t('reportList.overdue'), value: t('reportList.overdueOnly') });
  }
  if (filters.date_from !== undefined) {
    shown.push({ label: t('reportList.dateFrom'), value: filters.date_from });
  }
  if (filters.date_to !== undefined) {
    shown.push({ label: t('reportList.dateTo'), value: filters.date_to });
  }
  if (filters.q !== undefined) {
    shown.push({ label: t('reportList.search'), value: `"${filters.q}"` });
  }
  if (shown.length === 0)
    shown.push({ label: t('proof.periodFilters'), value: t('proof.periodAll') });

  const count = <K extends string>(
    keys: readonly K[],
    of: (s: SheetSource) => K,
    key: (k: K) => string,
  ) => keys.map((k) => ({ label: t(key(k)), value: sources.filter((s) => of(s) === k).length }));
  return {
    title: t('proof.periodTitle'),
    filters: shown,
    count: { label: t('proof.periodCount'), value: sources.length },
    byStatus: {
      label: t('proof.periodByStatus'),
      rows: count(REPORT_STATUSES, (s) => s.report.status, statusKey),
    },
    byWorkType: {
      label: t('proof.periodByWorkType'),
      rows: count(WORK_TYPES, (s) => s.report.work_type, workTypeKey),
    },
  };
}
