import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.js';
import { PosterPhotoError, preparePosterPhoto } from './poster-photo.js';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** An object URL for the photo's preview, revoked when the photo changes or the field goes. */
function usePreviewUrl(photo: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (photo === null) {
      setUrl(null);
      return undefined;
    }
    const made = URL.createObjectURL(photo);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [photo]);
  return url;
}

/**
 * The form's one optional photo: picked from the camera or the gallery (the phone offers both),
 * checked and made smaller at once, shown before it is sent. `onBusy` tells the form while it is
 * being prepared, so the problem is not sent without it.
 */
export function PosterPhotoField({
  photo,
  onChange,
  onBusy,
  serverErrors,
}: {
  photo: Blob | null;
  onChange: (photo: Blob | null) => void;
  onBusy: (busy: boolean) => void;
  serverErrors: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const preview = usePreviewUrl(photo);
  const errors = problem !== null ? [problem] : (serverErrors ?? []);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setProblem(null);
    setBusy(true);
    onBusy(true);
    try {
      onChange(await preparePosterPhoto(file));
    } catch (err) {
      setProblem(
        errorText({ code: err instanceof PosterPhotoError ? err.code : 'image_type_unsupported' }),
      );
    } finally {
      setBusy(false);
      onBusy(false);
    }
  };

  return (
    <fieldset
      className="field poster-photo"
      aria-describedby={errors.length > 0 ? `${id}-hint ${id}-error` : `${id}-hint`}
    >
      <legend className="field-label">{t('poster.photo')}</legend>
      {preview !== null && (
        <div className="poster-photo-preview">
          <img src={preview} alt={t('poster.photoPreview')} />
        </div>
      )}
      <div className="poster-photo-actions">
        <label className="button button-secondary file-button">
          {busy
            ? t('poster.preparingPhoto')
            : photo === null
              ? t('poster.addPhoto')
              : t('poster.changePhoto')}
          <input
            type="file"
            accept={ACCEPT}
            disabled={busy}
            aria-invalid={errors.length > 0}
            onChange={(event) => void onPick(event)}
            data-testid="poster-photo-input"
          />
        </label>
        {photo !== null && !busy && (
          <button type="button" className="button button-secondary" onClick={() => onChange(null)}>
            {t('poster.removePhoto')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('poster.photoHint')}
      </p>
      {errors.length > 0 && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
