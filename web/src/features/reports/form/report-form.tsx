import { SearchableSelect } from '../../../components/ui/searchable-select.js';
import { SelectField } from '../../../components/ui/select-field.js';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PHOTO_KINDS, WORK_TYPES, type PhotoKind } from '@urs/sync-protocol';
import { useAreaChoices, useCategoriesByName } from '../data/area-queries.js';
import { useReportForm, type ReportFormProps } from './use-report-form.js';
import { statusKey, workTypeKey } from '../report-i18n.js';
import { PhotoField } from './photo-field.js';
import { CaptureOrderProvider, CaptureOrderWarning } from '../proof-sheet/capture-caption.js';
import '../reports.css';
import { TextAreaField } from '../../../components/ui/text-field.js';
import { CheckField } from '../../../components/ui/check-field.js';
import '../job-i18n.js';

/** The fields that show their own errors, marked on the field. */
const MARKED_FIELDS: readonly string[] = [
  'area_id',
  'category_id',
  'work_type',
  'description',
  'status',
];

/** The create and edit form: every change is kept as a draft, photos go to Dexie at once. */
export function ReportForm(props: ReportFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const { userId } = props;
  const form = useReportForm(props);
  const { values, photos, errors } = form;

  const areas = useAreaChoices(values.area_id);
  const categories = useCategoriesByName();

  const err = (field: string) => errors[field];
  const photosOf = (kind: PhotoKind) => photos.filter((photo) => photo.kind === kind);
  const isMarked = (field: string) => MARKED_FIELDS.includes(field);
  const otherErrors = Object.entries(errors)
    .filter(([field]) => !isMarked(field))
    .flatMap(([, messages]) => messages);
  // "Check the marked fields" only when one is: a save the device could not keep (a full
  // disk) marks none, and its message alone says what to do.
  const formAlert = [
    ...(Object.keys(errors).some(isMarked) ? [t('reports.fixErrors')] : []),
    ...otherErrors,
  ].join(' ');

  return (
    <form className="form card rp-form" noValidate onSubmit={(event) => void form.submit(event)}>
      {form.restored !== null && (
        <div className="alert alert-info rp-draft" role="status">
          {t('reports.draftRestored')}
          {form.presetOverDraft && <> {t('reports.posterAreaApplied')}</>}
        </div>
      )}
      {form.stored.kind === 'unreadable' && (
        <div className="alert alert-info rp-draft" role="status">
          {t('reports.draftUnreadable')}
        </div>
      )}
      {formAlert !== '' && (
        <div className="alert alert-error" role="alert">
          {formAlert}
        </div>
      )}

      <SearchableSelect
        id={`${id}-area`}
        label={t('reports.area')}
        searchLabel={t('reports.areaSearch')}
        options={(areas ?? []).map((area) => ({ id: area.id, label: area.name }))}
        value={values.area_id}
        onChange={(value) => form.set('area_id', value)}
        placeholder={t('reports.areaChoose')}
        noMatch={t('reports.areaNone')}
        errors={err('area_id')}
        dataField="area_id"
      />

      {props.offerUnassigned === true && (
        <div className="rp-unassigned" data-field="unassigned">
          <CheckField
            label={t('reports.forSomeoneElse')}
            checked={values.unassigned === true}
            onChange={(checked) => form.set('unassigned', checked)}
          />
          <p className="field-hint" id={`${id}-unassigned-hint`}>
            {t('reports.forSomeoneElseHint')}
          </p>
        </div>
      )}

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
          onChange={(value) => form.set('category_id', value)}
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
            if (next !== undefined) form.set('work_type', next);
          }}
        />

        {values.unassigned !== true && (
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
              if (next !== undefined) form.set('status', next);
            }}
          />
        )}
      </div>

      <TextAreaField
        id={`${id}-description`}
        label={t('reports.description')}
        rows={4}
        data-field="description"
        value={values.description}
        placeholder={t('reports.descriptionHint')}
        errors={err('description')}
        onChange={(event) => form.set('description', event.target.value)}
      />

      <CaptureOrderProvider photos={photos}>
        {PHOTO_KINDS.map((kind) => (
          <PhotoField
            key={kind}
            kind={kind}
            userId={userId}
            photos={photosOf(kind)}
            onAdd={form.addPhoto}
            onRemove={form.removePhoto}
            onBusy={form.photoBusy}
          />
        ))}
      </CaptureOrderProvider>
      <CaptureOrderWarning photos={photos} />

      <div className="rp-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void form.cancel()}
        >
          {t('reports.cancel')}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={form.saving || form.processing > 0}
        >
          {form.saving
            ? t('reports.saving')
            : form.processing > 0
              ? t('reports.processing')
              : t('reports.save')}
        </button>
      </div>
    </form>
  );
}
