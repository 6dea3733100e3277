import { beforePhotosTakenAfterAfter } from '@urs/sync-protocol';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { captureCaption } from './capture-time-text.js';

/** Ids of the before photos taken after an after photo, for the captions below them. */
const OutOfOrder = createContext<ReadonlySet<string>>(new Set());

/** Lets every caption inside know which before photos were taken after an after photo. */
export function CaptureOrderProvider({
  photos,
  children,
}: {
  photos: readonly TimedPhoto[];
  children: ReactNode;
}) {
  const late = useMemo(
    () => new Set(beforePhotosTakenAfterAfter(photos).map((photo) => photo.id)),
    [photos],
  );
  return <OutOfOrder.Provider value={late}>{children}</OutOfOrder.Provider>;
}

/** The line under a photo: when it was taken, or that this is not known; flagged when late. */
export function CaptureCaption({
  photoId,
  capturedAt,
}: {
  photoId: string;
  capturedAt: string | null | undefined;
}) {
  const { t, i18n } = useTranslation();
  const late = useContext(OutOfOrder).has(photoId);
  const unknown = typeof capturedAt !== 'string';
  return (
    <p
      className={unknown ? 'rp-captured rp-captured-unknown' : 'rp-captured'}
      data-testid="photo-captured"
    >
      {captureCaption(capturedAt, i18n.language)}
      {late && (
        <span className="rp-captured-late" data-testid="photo-out-of-order">
          {' '}
          {t('proof.orderFlag')}
        </span>
      )}
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
