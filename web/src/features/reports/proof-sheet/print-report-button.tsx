import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../client/use-session.js';
import { sheetLanguage, type SheetSource } from './build-sheet.js';
import { makeReportPdf, reportPdfName } from './make-report-pdf.js';
import { PdfButton } from './pdf-button.js';
import './proof-i18n.js';

/** "Cetak / Unduh PDF": the report's A4 sheet made on the device, with or without a network. */
export function PrintReportButton({ source }: { source: SheetSource }) {
  const { t, i18n } = useTranslation();
  const schoolName = useCurrentUser()?.school_name;
  return (
    <PdfButton
      make={() => makeReportPdf(source, sheetLanguage(i18n.language), new Date(), schoolName)}
      fileName={reportPdfName(source.report)}
      label={t('proof.print')}
    />
  );
}
