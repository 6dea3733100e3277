import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PHOTOS_PER_KIND, type PhotoKind } from '@urs/sync-protocol';
import { errorText } from '../../../lib/error-text.js';
import { toast } from '../../../client/toast.js';
import { PhotoError } from '../../../sync/index.js';
import type { FormPhoto } from './report-form-state.js';
import { usePhotoUrl } from '../data/photo-queries.js';
import { keepPhoto } from '../data/report-writes.js';
import { CaptureCaption } from '../proof-sheet/capture-caption.js';

const ACCEPT = 'image/jpeg,image/png,image/webp';

function Thumbnail({
  photo,
  label,
  onRemove,
}: {
  photo: FormPhoto;
  label: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const url = usePhotoUrl(photo.id);
  return (
    <li className="rp-photo" data-photo-id={photo.id}>
      <div className="rp-thumb">
        {url.state === 'ready' ? (
          <img src={url.url} alt={label} />
        ) : (
          <span className="rp-thumb-missing">
            {url.state === 'loading' ? t('reports.photoLoading') : t('reports.photoUnavailable')}
          </span>
        )}
        <button
          type="button"
          className="rp-thumb-remove"
          aria-label={t('reports.removePhoto', { name: label })}
          onClick={onRemove}
        >
          ×
        </button>
      </div>
      <CaptureCaption photoId={photo.id} capturedAt={photo.captured_at} />
    </li>
  );
}

/**
 * Before or after photos: camera (capture) and gallery pickers, each file checked and compressed
 * into the device's photos table at once, so it survives a reload before the report is saved.
 * At most MAX_PHOTOS_PER_KIND of a kind: the server refuses the rest, hours later when the
 * device was offline, so files past the limit are not taken and the pickers close at it.
 * `onBusy` tells the form how many files are still being prepared (the pick's count, then -1
 * as each is ready), so it is not saved without them.
 */
export function PhotoField({
  kind,
  userId,
  photos,
  onAdd,
  onRemove,
  onBusy,
}: {
  kind: PhotoKind;
  userId: string;
  photos: readonly FormPhoto[];
  onAdd: (photo: FormPhoto) => void;
  onRemove: (photo: FormPhoto) => void;
  onBusy: (delta: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const title = kind === 'before' ? t('reports.photosBefore') : t('reports.photosAfter');
  const room = MAX_PHOTOS_PER_KIND - photos.length - busy;
  const limitText = errorText({
    code: 'photos_per_kind',
    params: { max: MAX_PHOTOS_PER_KIND, kind },
  });

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const chosen = Array.from(input.files ?? []);
    input.value = '';
    setProblem(null);
    const files = chosen.slice(0, Math.max(0, room));
    if (files.length < chosen.length) {
      setProblem(limitText);
      toast.error(limitText);
    }
    // The whole pick is counted at once: a second pick while these are prepared has the room
    // that is left after all of them, not after the one being prepared.
    setBusy((n) => n + files.length);
    onBusy(files.length);
    for (const file of files) {
      try {
        const record = await keepPhoto(userId, file);
        onAdd({
          id: record.id,
          kind,
          sha256: record.sha256,
          mime_type: record.mime_type,
          size_bytes: record.size_bytes,
          captured_at: record.captured_at ?? null,
        });
      } catch (err) {
        if (err instanceof PhotoError) {
          setProblem(`${err.title}: ${err.message}`);
          toast.error(err.title, err.message);
        } else {
          // A full storage (StorageFullError) says so in its own message.
          const message = err instanceof Error ? err.message : String(err);
          setProblem(message);
          toast.error(message);
        }
      } finally {
        setBusy((n) => n - 1);
        onBusy(-1);
      }
    }
  };

  const kindLabel = t(`reports.kinds.${kind}`);
  return (
    <fieldset className="rp-photos" aria-describedby={problem !== null ? `${id}-error` : undefined}>
      <legend className="field-label">{title}</legend>
      <div className="rp-photo-buttons">
        {(['camera', 'gallery'] as const).map((source) => (
          <label key={source} className="button button-secondary button-small file-button">
            {t(`reports.${source}`)}
            <input
              type="file"
              accept={ACCEPT}
              {...(source === 'camera' && { capture: 'environment' })}
              multiple
              disabled={room <= 0}
              data-testid={`photo-${source}-${kind}`}
              onChange={(event) => void onFiles(event)}
            />
          </label>
        ))}
      </div>
      {busy > 0 && (
        <p className="field-hint" role="status">
          {t('reports.processing')}
        </p>
      )}
      {room <= 0 && busy === 0 && problem === null && <p className="field-hint">{limitText}</p>}
      {photos.length > 0 && (
        <ul className="rp-thumbs">
          {photos.map((photo, index) => (
            <Thumbnail
              key={photo.id}
              photo={photo}
              label={t('reports.photoAlt', { kind: kindLabel, n: index + 1 })}
              onRemove={() => onRemove(photo)}
            />
          ))}
        </ul>
      )}
      {problem !== null && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
