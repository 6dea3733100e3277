import { useModalDialog } from '../../../components/ui/use-modal-dialog.js';
import { useTranslation } from 'react-i18next';
import type { ReportDetailPhoto } from '@urs/sync-protocol';
import { photoFileName, usePhotoUrl } from '../data/photo-queries.js';

/**
 * One photo at full size in a modal <dialog>: the browser traps focus and turns Escape into
 * `cancel`; ←/→ move between the photos of the same group.
 */
export function PhotoLightbox({
  photos,
  index,
  label,
  onIndex,
  onClose,
}: {
  photos: readonly ReportDetailPhoto[];
  index: number;
  label: string;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useModalDialog();
  const photo = photos[index];
  const url = usePhotoUrl(photo?.id ?? '');

  if (photo === undefined) return null;
  const total = photos.length;
  const go = (step: number) => onIndex((index + step + total) % total);

  return (
    <dialog
      ref={ref}
      className="rp-lightbox"
      aria-label={`${label}: ${t('reports.lightbox', { n: index + 1, total })}`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') {
          event.preventDefault();
          go(1);
        } else if (event.key === 'ArrowLeft') {
          event.preventDefault();
          go(-1);
        }
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="rp-lightbox-body">
        <p className="rp-lightbox-caption" aria-live="polite">
          {label} — {t('reports.lightbox', { n: index + 1, total })}
        </p>
        {url.state === 'ready' ? (
          <img className="rp-lightbox-image" src={url.url} alt={`${label} ${index + 1}`} />
        ) : (
          <p className="rp-thumb-missing">
            {url.state === 'loading' ? t('reports.photoLoading') : t('reports.photoUnavailable')}
          </p>
        )}
        <div className="rp-lightbox-actions">
          {total > 1 && (
            <button type="button" className="button button-secondary" onClick={() => go(-1)}>
              ← {t('reports.previous')}
            </button>
          )}
          {url.state === 'ready' && (
            <a
              className="button button-secondary"
              href={url.url}
              download={photoFileName(photo.id, url.mime)}
            >
              {t('reports.download')}
            </a>
          )}
          {total > 1 && (
            <button type="button" className="button button-secondary" onClick={() => go(1)}>
              {t('reports.next')} →
            </button>
          )}
          <button type="button" className="button button-primary" autoFocus onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
