import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlobAs } from '../../../client/download.js';
import { toast } from '../../../client/toast.js';
import './proof-i18n.js';

/**
 * A proof sheet's button: makes the PDF on the device (with or without a network), saves it,
 * and says how it went (photos that could not be had print as missing).
 */
export function PdfButton({
  make,
  fileName,
  label,
  className = 'button button-secondary no-print',
  testId,
}: {
  make: () => Promise<{ blob: Blob; missing: number }>;
  fileName: string;
  label: string;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const print = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const made = await make();
      saveBlobAs(made.blob, fileName);
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
      className={className}
      disabled={busy}
      aria-busy={busy}
      data-testid={testId}
      onClick={() => void print()}
    >
      {busy ? t('proof.making') : label}
    </button>
  );
}
