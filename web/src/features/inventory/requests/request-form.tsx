import { SearchableSelect } from '../../../components/ui/searchable-select.js';
import { REQUEST_TYPES, TEXT_LIMITS, type ItemRequest, type RequestType } from '@urs/sync-protocol';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/ui/form-modal.js';
import { TextField } from '../../../components/ui/text-field.js';
import { db as appDb, type UrsDatabase } from '../../../db/index.js';
import { toast } from '../../../lib/toast.js';
import type { ImageCompressor } from '../../../sync/index.js';
import { problemTextKey, problemTitleKey, requestKey, typeKey } from './requests-i18n.js';
import {
  EMPTY_REQUEST_FORM,
  firstProblem,
  imageProblem,
  type FieldProblem,
  type FormProblems,
  type RequestField,
  type RequestFormValues,
} from './request-form-logic.js';
import type { PickerItem } from './requests-queries.js';
import type { RefusedRequest } from './refused-request.js';
import { createItemRequest, describeImage } from './requests-save.js';
import { formatBytes } from '../../../lib/format.js';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface ChosenImage {
  file: File;
  url: string;
}

/** "Pilih barang: Silakan pilih barang yang ingin diminta." — the spec's title and text together. */
export function useProblemText() {
  const { t } = useTranslation();
  return (problem: FieldProblem | undefined): string[] | undefined => {
    if (problem === undefined) return undefined;
    const text = problem.detail ?? t(problemTextKey(problem.code));
    return [`${t(problemTitleKey(problem.code))}: ${text}`];
  };
}

/**
 * The new-request form (all five roles), offline: nothing is stored until the whole form is
 * valid; then the image (custom) goes to the device and `request.create` is queued.
 */
export function RequestForm({
  userId,
  items,
  onClose,
  onCreated,
  database = appDb,
  compress,
  refused,
}: {
  userId: string;
  items: readonly PickerItem[];
  onClose: () => void;
  onCreated: (row: ItemRequest) => void;
  /** The app's database; tests pass their own. */
  database?: UrsDatabase;
  /** The image compressor; the platform's by default, null in tests (no canvas). */
  compress?: ImageCompressor | null;
  /** A refused request to correct: the form opens with its values and image, and sends it again. */
  refused?: RefusedRequest;
}) {
  const { t, i18n } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(requestKey(key), options);
  const problemText = useProblemText();
  const id = useId();
  const [values, setValues] = useState<RequestFormValues>(refused?.values ?? EMPTY_REQUEST_FORM);
  const [problems, setProblems] = useState<FormProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [image, setImage] = useState<ChosenImage | null>(() =>
    refused?.image === null || refused?.image === undefined
      ? null
      : { file: refused.image, url: URL.createObjectURL(refused.image) },
  );

  // The preview's object URL lives as long as that image is chosen.
  const imageUrl = useRef<string | null>(null);
  imageUrl.current = image?.url ?? null;
  useEffect(
    () => () => {
      if (imageUrl.current !== null) URL.revokeObjectURL(imageUrl.current);
    },
    [],
  );

  const itemMap = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const itemOptions = items
    .filter((item) => item.active || item.id === values.item_id)
    .map((item) => ({
      id: item.id,
      label: k('form.itemStock', { name: item.name, stock: item.stock, unit: item.unit }),
      keywords: item.sku ?? '',
    }));

  const set = (field: Exclude<keyof RequestFormValues, 'type'> & RequestField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      if (current[field] === undefined) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const setType = (type: RequestType) => {
    setValues((current) => ({ ...current, type }));
    setProblems({});
  };

  const showProblem = (problem: FieldProblem) => {
    toast.error(
      t(problemTitleKey(problem.code)),
      problem.detail ?? t(problemTextKey(problem.code)),
    );
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined) return;
    const problem = imageProblem(await describeImage(file));
    if (problem !== null) {
      // The previous image (if any) stays: a refused file never replaces a good one.
      setProblems((current) => ({ ...current, image: problem }));
      showProblem(problem);
      return;
    }
    if (image !== null) URL.revokeObjectURL(image.url);
    setImage({ file, url: URL.createObjectURL(file) });
    setProblems((current) => {
      const next = { ...current };
      delete next.image;
      return next;
    });
  };

  const removeImage = () => {
    if (image !== null) URL.revokeObjectURL(image.url);
    setImage(null);
  };

  const submit = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const outcome = await createItemRequest(
        database,
        userId,
        {
          values,
          image: values.type === 'custom' ? (image?.file ?? null) : null,
          items: itemMap,
        },
        {
          ...(compress !== undefined && { compress }),
          ...(refused !== undefined && { id: refused.requestId, replacing: refused.entryId }),
        },
      );
      if (outcome.ok) {
        toast.success(navigator.onLine ? k('created') : k('createdOffline'));
        onCreated(outcome.row);
        return;
      }
      setProblems(outcome.problems);
      if (outcome.failure !== null) {
        setFailure(outcome.failure);
        toast.error(k('createFailed'), outcome.failure);
        return;
      }
      const first = firstProblem(outcome.problems);
      if (first !== null) showProblem(first);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setFailure(message);
      toast.error(k('createFailed'), message);
    } finally {
      setBusy(false);
    }
  };

  const optional = ` ${k('form.optional')}`;
  const imageErrors = problemText(problems.image);
  const itemErrors = problemText(problems.item_id);
  const notesErrors = problemText(problems.notes);
  const formErrors = problemText(problems._);

  return (
    <FormModal
      title={refused === undefined ? k('form.title') : k('form.fixTitle')}
      submitLabel={k('form.submit')}
      busy={busy}
      error={failure ?? formErrors?.join(' ') ?? null}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="request-form"
    >
      {refused !== undefined && (
        <p className="alert alert-error" role="alert" data-testid="request-refused">
          {k('form.refused', { reason: refused.reason })}
        </p>
      )}
      <fieldset className="req-types">
        <legend className="field-label">{k('form.type')}</legend>
        {REQUEST_TYPES.map((type) => (
          <label key={type} className="choice req-type">
            <input
              type="radio"
              name={`${id}-type`}
              value={type}
              checked={values.type === type}
              onChange={() => setType(type)}
            />
            <span>
              <span className="req-type-name">{t(typeKey(type))}</span>
              <span className="field-hint">{k(`form.typeHints.${type}`)}</span>
            </span>
          </label>
        ))}
      </fieldset>

      {values.type === 'stock' ? (
        <>
          <SearchableSelect
            id={`${id}-item`}
            label={k('form.item')}
            searchLabel={k('form.itemSearch')}
            searchPlaceholder={k('form.itemSearchPlaceholder')}
            options={itemOptions}
            value={values.item_id}
            onChange={(value) => set('item_id', value)}
            placeholder={k('form.itemChoose')}
            noMatch={k('form.itemNone')}
            errors={itemErrors}
          />
        </>
      ) : (
        <>
          <TextField
            label={k('form.customName')}
            value={values.custom_name}
            maxLength={TEXT_LIMITS.requestName}
            autoComplete="off"
            errors={problemText(problems.custom_name)}
            onChange={(event) => set('custom_name', event.target.value)}
          />
          <TextField
            label={`${k('form.storeLink')}${optional}`}
            type="url"
            inputMode="url"
            hint={k('form.storeLinkHint')}
            value={values.store_link}
            errors={problemText(problems.store_link)}
            onChange={(event) => set('store_link', event.target.value)}
          />
          <fieldset
            className="req-image-field"
            aria-describedby={`${id}-image-hint${imageErrors !== undefined ? ` ${id}-image-error` : ''}`}
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
              <label className="button button-secondary req-file">
                {image === null ? k('form.pickImage') : k('form.replaceImage')}
                <input
                  type="file"
                  accept={ACCEPT}
                  data-testid="request-image-gallery"
                  onChange={(event) => void onFile(event)}
                />
              </label>
              <label className="button button-secondary req-file">
                {k('form.camera')}
                <input
                  type="file"
                  accept={ACCEPT}
                  capture="environment"
                  data-testid="request-image-camera"
                  onChange={(event) => void onFile(event)}
                />
              </label>
              {image !== null && (
                <button type="button" className="button button-secondary" onClick={removeImage}>
                  {k('form.removeImage')}
                </button>
              )}
            </div>
            {imageErrors !== undefined && (
              <p id={`${id}-image-error`} className="field-error" role="alert">
                {imageErrors.join(' ')}
              </p>
            )}
          </fieldset>
        </>
      )}

      <div className="req-form-row">
        <TextField
          label={k('form.quantity')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.quantity}
          errors={problemText(problems.quantity)}
          onChange={(event) => set('quantity', event.target.value)}
        />
        <TextField
          label={`${k('form.neededDate')}${optional}`}
          type="date"
          value={values.needed_date}
          errors={problemText(problems.needed_date)}
          onChange={(event) => set('needed_date', event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-notes`}>
          {`${k('form.notes')}${optional}`}
        </label>
        <textarea
          id={`${id}-notes`}
          className="input"
          rows={3}
          maxLength={TEXT_LIMITS.requestNotes}
          value={values.notes}
          aria-invalid={notesErrors !== undefined}
          {...(notesErrors !== undefined && { 'aria-describedby': `${id}-notes-error` })}
          onChange={(event) => set('notes', event.target.value)}
        />
        {notesErrors !== undefined && (
          <p id={`${id}-notes-error`} className="field-error">
            {notesErrors.join(' ')}
          </p>
        )}
      </div>
    </FormModal>
  );
}
