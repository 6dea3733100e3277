import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../lib/format.js';
import { useRequestsText } from '../requests-i18n.js';

const ACCEPT = 'image/jpeg,image/png,image/webp';

export interface ChosenImage {
  file: File;
  url: string;
}

/** The chosen product image and its preview URL, which lives as long as that image is chosen. */
export function useChosenImage(initial: File | null) {
  const [chosen, setChosen] = useState<ChosenImage | null>(() =>
    initial === null ? null : { file: initial, url: URL.createObjectURL(initial) },
  );
  const url = useRef<string | null>(null);
  url.current = chosen?.url ?? null;
  useEffect(
    () => () => {
      if (url.current !== null) URL.revokeObjectURL(url.current);
    },
    [],
  );
  const remove = () => {
    if (chosen !== null) URL.revokeObjectURL(chosen.url);
    setChosen(null);
  };
  const choose = (file: File) => {
    if (chosen !== null) URL.revokeObjectURL(chosen.url);
    setChosen({ file, url: URL.createObjectURL(file) });
  };
  return { chosen, choose, remove };
}

/** The custom request's image: preview, gallery or camera, and its problem. */
export function RequestImageField({
  image,
  errors,
  onFile,
  onRemove,
}: {
  image: ChosenImage | null;
  errors: string[] | undefined;
  onFile: (file: File) => void;
  onRemove: () => void;
}) {
  const { i18n } = useTranslation();
  const k = useRequestsText();
  const id = useId();
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file !== undefined) onFile(file);
  };
  return (
    <fieldset
      className="req-image-field"
      aria-describedby={`${id}-image-hint${errors !== undefined ? ` ${id}-image-error` : ''}`}
    >
      <legend className="field-label">{k('form.image')}</legend>
      <p id={`${id}-image-hint`} className="field-hint">
        {k('form.imageHint')}
      </p>
      {image !== null && (
        <figure className="req-preview">
          <img src={image.url} alt={k('form.preview')} />
          <figcaption className="field-hint">
            {k('form.imageChosen', {
              name: image.file.name,
              size: formatBytes(image.file.size, i18n.language),
            })}
          </figcaption>
        </figure>
      )}
      <div className="req-image-buttons">
        <label className="button button-secondary file-button">
          {image === null ? k('form.pickImage') : k('form.replaceImage')}
          <input type="file" accept={ACCEPT} data-testid="request-image-gallery" onChange={pick} />
        </label>
        <label className="button button-secondary file-button">
          {k('form.camera')}
          <input
            type="file"
            accept={ACCEPT}
            capture="environment"
            data-testid="request-image-camera"
            onChange={pick}
          />
        </label>
        {image !== null && (
          <button type="button" className="button button-secondary" onClick={onRemove}>
            {k('form.removeImage')}
          </button>
        )}
      </div>
      {errors !== undefined && (
        <p id={`${id}-image-error`} className="field-error" role="alert">
          {errors.join(' ')}
        </p>
      )}
    </fieldset>
  );
}
