import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFilters } from '@urs/sync-protocol';
import { saveBlobAs } from '../../../client/download.js';
import { serverMessage } from '../../../client/server-errors.js';
import { toast } from '../../../client/toast.js';
import type { SortOrder } from '../list/report-list-logic.js';
import { sheetLanguage } from './build-sheet.js';
import {
  PERIOD_PDF_MAX_REPORTS,
  PeriodCancelledError,
  PeriodEmptyError,
  PeriodTooLargeError,
  PeriodTooManyPhotosError,
  makePeriodPdf,
  periodPdfName,
  type PeriodProgress,
} from './period-pdf.js';
import './proof-i18n.js';
import './period-print.css';

/**
 * One PDF of every report the admin list's filters match, with a cover page. Shows how far a
 * long run is and can be cancelled; past the cap it says how many matched and what to do.
 */
export function PeriodPrintButton({
  filters,
  order,
  online,
  schoolName,
}: {
  filters: ReportFilters;
  order: SortOrder;
  online: boolean;
  /** The signed-in user's school, printed on the cover and every sheet. */
  schoolName?: string | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<PeriodProgress | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    if (abort.current !== null) return;
    setProblem(null);
    if (!online) {
      setProblem(t('proof.periodOffline'));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    try {
      const now = new Date();
      const made = await makePeriodPdf({
        filters,
        order,
        lng: sheetLanguage(i18n.language),
        now,
        schoolName,
        onProgress: setProgress,
        signal: controller.signal,
      });
      saveBlobAs(made.blob, periodPdfName(now));
      if (made.missing > 0) {
        toast.warning(t('proof.made'), t('proof.photosMissing', { count: made.missing }));
      } else {
        toast.success(t('proof.made'));
      }
    } catch (err) {
      if (err instanceof PeriodTooLargeError) {
        setProblem(t('proof.periodTooMany', { count: err.count, max: PERIOD_PDF_MAX_REPORTS }));
      } else if (err instanceof PeriodTooManyPhotosError) {
        setProblem(t('proof.periodTooManyPhotos', { max: err.max }));
      } else if (err instanceof PeriodEmptyError) {
        setProblem(t('proof.periodEmpty'));
      } else if (err instanceof PeriodCancelledError) {
        toast.info(t('proof.periodCancelled'));
      } else {
        toast.error(
          t('proof.failed'),
          serverMessage(err) ?? (err instanceof Error ? err.message : String(err)),
        );
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  const busy = progress !== null;
  return (
    <div className="proof-period">
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void run()}
      >
        {t('proof.periodPrint')}
      </button>
      {progress !== null && (
        <div className="proof-period-progress" role="status">
          <span>
            {progress.phase === 'listing'
              ? t('proof.periodListing')
              : t('proof.periodProgress', { n: progress.n, total: progress.total })}
          </span>
          {progress.phase === 'report' && <progress max={progress.total} value={progress.n - 1} />}
          <button
            type="button"
            className="button button-small button-secondary"
            onClick={() => abort.current?.abort()}
          >
            {t('proof.periodCancel')}
          </button>
        </div>
      )}
      {problem !== null && (
        <p className="field-error proof-period-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
