import { SearchableSelect } from '../../../components/ui/searchable-select.js';
import { TEXT_LIMITS, type ItemRequest, type RequestType } from '@urs/sync-protocol';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/ui/form-modal.js';
import { TextField } from '../../../components/ui/text-field.js';
import { db as appDb, type UrsDatabase } from '../../../db/index.js';
import { toast } from '../../../lib/toast.js';
import type { ImageCompressor } from '../../../sync/index.js';
import { problemTextKey, problemTitleKey, requestKey } from './requests-i18n.js';
import {
  EMPTY_REQUEST_FORM,
  imageProblem,
  type FieldProblem,
  type FormProblems,
  type RequestFormValues,
} from './request-form-logic.js';
import type { PickerItem } from './requests-queries.js';
import type { RefusedRequest } from './refused-request.js';
import { describeImage } from './requests-save.js';
import {
  RequestCommonFields,
  RequestTypeChoice,
  useProblemText,
  type SetField,
} from './request-form-fields.js';
import { RequestImageField, useChosenImage } from './request-image-field.js';
import { useRequestSubmit } from './use-request-submit.js';

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
  const { t } = useTranslation();
  const k = (key: string, options?: Record<string, unknown>) => t(requestKey(key), options);
  const problemText = useProblemText();
  const id = useId();
  const [values, setValues] = useState<RequestFormValues>(refused?.values ?? EMPTY_REQUEST_FORM);
  const [problems, setProblems] = useState<FormProblems>({});
  const image = useChosenImage(refused?.image ?? null);
  const itemMap = useMemo(() => new Map(items.map((item) => [item.id, item])), [items]);
  const itemOptions = items
    .filter((item) => item.active || item.id === values.item_id)
    .map((item) => ({
      id: item.id,
      label: k('form.itemStock', { name: item.name, stock: item.stock, unit: item.unit }),
      keywords: item.sku ?? '',
    }));

  const set: SetField = (field, value) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems(({ [field]: _cleared, ...rest }) => rest);
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

  const { busy, failure, submit } = useRequestSubmit({
    database,
    userId,
    values,
    image: values.type === 'custom' ? (image.chosen?.file ?? null) : null,
    items: itemMap,
    options: {
      ...(compress !== undefined && { compress }),
      ...(refused !== undefined && { id: refused.requestId, replacing: refused.entryId }),
    },
    onCreated,
    onProblems: setProblems,
    showProblem,
  });

  const onFile = async (file: File) => {
    const problem = imageProblem(await describeImage(file));
    if (problem !== null) {
      // The previous image (if any) stays: a refused file never replaces a good one.
      setProblems((current) => ({ ...current, image: problem }));
      showProblem(problem);
      return;
    }
    image.choose(file);
    setProblems(({ image: _accepted, ...rest }) => rest);
  };

  const optional = ` ${k('form.optional')}`;
  const itemErrors = problemText(problems.item_id);
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

      <RequestTypeChoice value={values.type} onChange={setType} />

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
          <RequestImageField
            image={image.chosen}
            errors={problemText(problems.image)}
            onFile={(file) => void onFile(file)}
            onRemove={image.remove}
          />
        </>
      )}
      <RequestCommonFields values={values} problems={problems} set={set} />
    </FormModal>
  );
}
