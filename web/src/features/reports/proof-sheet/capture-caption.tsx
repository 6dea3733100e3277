import { beforePhotosTakenAfterAfter } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { captureCaption } from './capture-time-text.js';

/** The line under a photo: when it was taken, or that this is not known. */
export function CaptureCaption({ capturedAt }: { capturedAt: string | null | undefined }) {
  const { i18n } = useTranslation();
  const unknown = typeof capturedAt !== 'string';
  return (
    <p
      className={unknown ? 'rp-captured rp-captured-unknown' : 'rp-captured'}
      data-testid="photo-captured"
    >
      {captureCaption(capturedAt, i18n.language)}
    </p>
  );
}

interface TimedPhoto {
  id: string;
  kind: 'before' | 'after';
  captured_at?: string | null | undefined;
}

/**
 * Shown while filing when a before photo was taken later than an after photo: a warning the
 * reporter can act on (swap or retake), never a refusal, since camera clocks are often wrong.
 */
export function CaptureOrderWarning({ photos }: { photos: readonly TimedPhoto[] }) {
  const { t } = useTranslation();
  const late = beforePhotosTakenAfterAfter(photos);
  if (late.length === 0) return null;
  return (
    <p className="rp-order-warning" role="alert" data-testid="capture-order-warning">
      {t('proof.orderWarning', { count: late.length })}
    </p>
  );
}
