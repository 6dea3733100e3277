import { forwardRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS_PER_KIND, type PhotoKind, type ReportPhoto } from '@urs/sync-protocol';
import { toast } from '../../../client/toast.js';
import { addJobPhoto } from '../data/job-writes.js';
import '../job-i18n.js';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Takes a photo (the camera on a phone, a file elsewhere) and adds it to the report at once,
 * through the outbox: the technician's after photo, taken on the job's page before completing
 * it, offline too. The input is exposed by ref so the job panel's "Tambah foto sesudah" opens
 * the same picker.
 */
export const AddPhotoButton = forwardRef<
  HTMLInputElement,
  {
    userId: string;
    reportId: string;
    kind: PhotoKind;
    photos: readonly Pick<ReportPhoto, 'kind' | 'position'>[];
  }
>(function AddPhotoButton({ userId, reportId, kind, photos }, ref) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const full = photos.filter((photo) => photo.kind === kind).length >= MAX_PHOTOS_PER_KIND;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    setBusy(true);
    try {
      if (await addJobPhoto(userId, { id: reportId }, photos, kind, file)) {
        toast.success(t('jobs.photoAdded'));
      }
    } finally {
      setBusy(false);
    }
  };

  if (full) return null;
  return (
    <div className="rp-photo-buttons no-print">
      {(['camera', 'gallery'] as const).map((source) => (
        <label key={source} className="button button-secondary button-small file-button">
          {busy
            ? t('reports.processing')
            : source === 'camera'
              ? t('jobs.addAfterPhoto')
              : t('reports.gallery')}
          <input
            ref={source === 'camera' ? ref : undefined}
            type="file"
            accept={ACCEPT}
            {...(source === 'camera' && { capture: 'environment' })}
            disabled={busy}
            data-testid={`add-photo-${source}-${kind}`}
            onChange={(event) => void onFile(event)}
          />
        </label>
      ))}
    </div>
  );
});
