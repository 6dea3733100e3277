import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlobAs } from '../../../client/download.js';
import { toast } from '../../../client/toast.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { sheetLanguage, type SheetSource } from './build-sheet.js';
import { makeReportPdf, reportPdfName } from './make-report-pdf.js';
import './proof-i18n.js';

/** "Cetak / Unduh PDF": the report's A4 sheet made on the device, with or without a network. */
export function PrintReportButton({ source }: { source: SheetSource }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const schoolName = useCurrentUser()?.school_name;

  const print = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const made = await makeReportPdf(
        source,
        sheetLanguage(i18n.language),
        new Date(),
        schoolName,
      );
      saveBlobAs(made.blob, reportPdfName(source.report));
      if (made.missing > 0) {
        toast.warning(t('proof.made'), t('proof.photosMissing', { count: made.missing }));
      } else {
        toast.success(t('proof.made'));
      }
    } catch (err) {
      toast.error(t('proof.failed'), err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className="button button-secondary no-print"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void print()}
    >
      {busy ? t('proof.making') : t('proof.print')}
    </button>
  );
}
