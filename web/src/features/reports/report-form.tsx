import { SearchableSelect } from '../../components/ui/searchable-select.js';
import { SelectField } from '../../components/ui/select-field.js';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_KINDS, WORK_TYPES, type PhotoKind, type ReportStatus } from '@urs/sync-protocol';
import { db } from '../../db/index.js';
import { useUnsavedChanges } from '../../pwa/index.js';
import { clearDraft, loadStoredDraft, saveDraft } from './report-draft.js';
import type { FormPhoto, ReportFormValues } from './report-form-state.js';
import { statusKey, workTypeKey } from './report-i18n.js';
import { PhotoField } from './photo-field.js';
import { CaptureOrderProvider, CaptureOrderWarning } from './proof-sheet/capture-caption.js';
import './reports.css';

export type FieldErrors = Record<string, string[]>;

export interface ReportFormProps {
  userId: string;
  /** localStorage key of this form's draft. */
  draftKey: string;
  initialValues: ReportFormValues;
  initialPhotos: readonly FormPhoto[];
  statusOptions: readonly ReportStatus[];
  /** Returns field errors to show, or null when saved (the draft is then cleared). */
  onSubmit: (values: ReportFormValues, photos: FormPhoto[]) => Promise<FieldErrors | null>;
  onCancel: () => void;
}

function Errors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  if (errors === undefined || errors.length === 0) return null;
  return (
    <p id={id} className="field-error">
      {errors.join(' ')}
    </p>
  );
}

/** The create and edit form: every change is kept as a draft, photos go to Dexie at once. */
export function ReportForm(props: ReportFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { userId, draftKey } = props;
  const stored = useMemo(() => loadStoredDraft(localStorage, draftKey), [draftKey]);
  const restored = stored.kind === 'kept' ? stored.draft : null;
  const [values, setValues] = useState<ReportFormValues>(restored?.values ?? props.initialValues);
  const [photos, setPhotos] = useState<FormPhoto[]>(restored?.photos ?? [...props.initialPhotos]);
  const [dirty, setDirty] = useState(restored !== null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const savedRef = useRef(false);

  useUnsavedChanges(`report-form:${draftKey}`, dirty && !saving);

  // Photos of a restored draft whose bytes are gone (storage cleared) are dropped.
  useEffect(() => {
    if (restored === null) return;
    const ids = restored.photos.filter((photo) => photo.attached !== true).map((p) => p.id);
    void db.photos.bulkGet(ids).then((found) => {
      const missing = new Set(ids.filter((_, index) => found[index] === undefined));
      if (missing.size > 0) setPhotos((list) => list.filter((photo) => !missing.has(photo.id)));
    });
  }, [restored]);

  useEffect(() => {
    if (!dirty || savedRef.current) return;
    saveDraft(localStorage, draftKey, { values, photos });
  }, [dirty, draftKey, values, photos]);

  const areas = useLiveQuery(
    async () =>
      (await db.areas.toArray())
        .filter((area) => area.active || area.id === values.area_id)
        .sort((a, b) => a.name.localeCompare(b.name, 'id')),
    [values.area_id],
  );
  const categories = useLiveQuery(async () =>
    (await db.categories.toArray()).sort((a, b) => a.name.localeCompare(b.name, 'id')),
  );

  const set = <K extends keyof ReportFormValues>(key: K, value: ReportFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setDirty(true);
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  const addPhoto = (photo: FormPhoto) => {
    setPhotos((list) => [...list, photo]);
    setDirty(true);
  };
  const removePhoto = (photo: FormPhoto) => {
    setPhotos((list) => list.filter((item) => item.id !== photo.id));
    setDirty(true);
    // A photo never attached to anything is only taking space: drop its bytes too.
    if (photo.attached !== true) void db.photos.delete(photo.id).catch(() => undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const result = await props.onSubmit(values, photos);
      if (result === null) {
        savedRef.current = true;
        setDirty(false);
        clearDraft(localStorage, draftKey);
      } else {
        setErrors(result);
        const first = Object.keys(result)[0];
        if (first !== undefined) {
          document.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
        }
      }
    } finally {
      setSaving(false);
    }
  };

  const cancel = () => {
    clearDraft(localStorage, draftKey);
    for (const photo of photos) {
      if (photo.attached !== true) void db.photos.delete(photo.id).catch(() => undefined);
    }
    savedRef.current = true;
    setDirty(false);
    props.onCancel();
  };

  const err = (field: string) => errors[field];
  const described = (field: string) =>
    err(field) !== undefined ? { 'aria-describedby': `${id}-${field}-error` } : {};
  const photosOf = (kind: PhotoKind) => photos.filter((photo) => photo.kind === kind);
  const otherErrors = Object.entries(errors)
    .filter(
      ([field]) =>
        !['area_id', 'category_id', 'work_type', 'description', 'status'].includes(field),
    )
    .flatMap(([, messages]) => messages);

  return (
    <form className="form card rp-form" noValidate onSubmit={(event) => void submit(event)}>
      {restored !== null && (
        <div className="alert alert-info rp-draft" role="status">
          {t('reports.draftRestored')}
        </div>
      )}
      {stored.kind === 'unreadable' && (
        <div className="alert alert-info rp-draft" role="status">
          {t('reports.draftUnreadable')}
        </div>
      )}
      {Object.keys(errors).length > 0 && (
        <div className="alert alert-error" role="alert">
          {t('reports.fixErrors')}
          {otherErrors.length > 0 && <> {otherErrors.join(' ')}</>}
        </div>
      )}

      <SearchableSelect
        id={`${id}-area`}
        label={t('reports.area')}
        searchLabel={t('reports.areaSearch')}
        options={(areas ?? []).map((area) => ({ id: area.id, label: area.name }))}
        value={values.area_id}
        onChange={(value) => set('area_id', value)}
        placeholder={t('reports.areaChoose')}
        noMatch={t('reports.areaNone')}
        errors={err('area_id')}
        dataField="area_id"
      />

      <div className="rp-grid">
        <SelectField
          id={`${id}-category`}
          label={t('reports.category')}
          data-field="category_id"
          value={values.category_id}
          errors={err('category_id')}
          options={(categories ?? []).map((category) => ({
            value: category.id,
            label: category.name,
          }))}
          onChange={(value) => set('category_id', value)}
        >
          <option value="">{t('reports.categoryNone')}</option>
        </SelectField>

        <SelectField
          id={`${id}-work`}
          label={t('reports.workType')}
          data-field="work_type"
          value={values.work_type}
          errors={err('work_type')}
          options={WORK_TYPES.map((type) => ({ value: type, label: t(workTypeKey(type)) }))}
          onChange={(value) => {
            const next = WORK_TYPES.find((type) => type === value);
            if (next !== undefined) set('work_type', next);
          }}
        />

        <SelectField
          id={`${id}-status`}
          label={t('reports.status')}
          data-field="status"
          value={values.status}
          errors={err('status')}
          options={props.statusOptions.map((status) => ({
            value: status,
            label: t(statusKey(status)),
          }))}
          onChange={(value) => {
            const next = props.statusOptions.find((status) => status === value);
            if (next !== undefined) set('status', next);
          }}
        />
      </div>

      <div className="field">
        <label className="field-label" htmlFor={`${id}-description`}>
          {t('reports.description')}
        </label>
        <textarea
          id={`${id}-description`}
          className="input"
          rows={4}
          data-field="description"
          value={values.description}
          placeholder={t('reports.descriptionHint')}
          aria-invalid={err('description') !== undefined}
          {...described('description')}
          onChange={(event) => set('description', event.target.value)}
        />
        <Errors id={`${id}-description-error`} errors={err('description')} />
      </div>

      <CaptureOrderProvider photos={photos}>
        {PHOTO_KINDS.map((kind) => (
          <PhotoField
            key={kind}
            kind={kind}
            userId={userId}
            photos={photosOf(kind)}
            onAdd={addPhoto}
            onRemove={removePhoto}
          />
        ))}
      </CaptureOrderProvider>
      <CaptureOrderWarning photos={photos} />

      <div className="rp-actions">
        <button type="button" className="button button-secondary" onClick={cancel}>
          {t('reports.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t('reports.saving') : t('reports.save')}
        </button>
      </div>
    </form>
  );
}
