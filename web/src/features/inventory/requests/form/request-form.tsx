import { TEXT_LIMITS, type ItemRequest } from '@urs/sync-protocol';
import { useId } from 'react';
import { FormModal } from '../../../../components/ui/form-modal.js';
import { SearchableSelect } from '../../../../components/ui/searchable-select.js';
import { TextField } from '../../../../components/ui/text-field.js';
import type { ImageCompressor } from '../../../../sync/index.js';
import { RequestCommonFields, RequestTypeChoice, useProblemText } from './request-form-fields.js';
import { RequestImageField } from './request-image-field.js';
import type { RefusedRequest } from '../data/refused-request.js';
import { useRequestsText } from '../requests-i18n.js';
import type { PickerItem } from '../data/requests-queries.js';
import { isBelowZero } from '../../items/stock-numbers.js';
import { useFormat } from '../../../../lib/format.js';
import { useRequestForm } from './use-request-form.js';
import type { RequestsDatabase } from '../data/requests-writes.js';

/**
 * The new-request form (all five roles), offline: nothing is stored until the whole form is
 * valid; then the image (custom) goes to the device and `request.create` is queued.
 */
export function RequestForm({
  userId,
  items,
  onClose,
  onCreated,
  database,
  compress,
  refused,
}: {
  userId: string;
  items: readonly PickerItem[];
  onClose: () => void;
  onCreated: (row: ItemRequest) => void;
  /** The app's database; tests pass their own. */
  database?: RequestsDatabase;
  /** The image compressor; the platform's by default, null in tests (no canvas). */
  compress?: ImageCompressor | null;
  /** A refused request to correct: the form opens with its values and image, and sends it again. */
  refused?: RefusedRequest;
}) {
  const k = useRequestsText();
  const problemText = useProblemText();
  const id = useId();
  const form = useRequestForm({ database, userId, items, compress, refused, onCreated });
  const { values, problems, image } = form;
  const { number } = useFormat();
  // An option is text only: stock below zero is said in its words, and again under the picker.
  const stockOf = (item: PickerItem) => ({
    name: item.name,
    stock: number(item.stock),
    unit: item.unit,
  });
  const itemOptions = items
    .filter((item) => item.active || item.id === values.item_id)
    .map((item) => ({
      id: item.id,
      label: k(isBelowZero(item) ? 'form.itemBelowZero' : 'form.itemStock', stockOf(item)),
      keywords: item.sku ?? '',
    }));
  const chosen = items.find((item) => item.id === values.item_id);
  const optional = ` ${k('form.optional')}`;

  return (
    <FormModal
      title={refused === undefined ? k('form.title') : k('form.fixTitle')}
      submitLabel={k('form.submit')}
      busy={form.busy}
      error={form.failure ?? problemText(problems._)?.join(' ') ?? null}
      onSubmit={() => void form.submit()}
      onClose={onClose}
      testId="request-form"
    >
      {refused !== undefined && (
        <p className="alert alert-error" role="alert" data-testid="request-refused">
          {k('form.refused', { reason: refused.reason })}
        </p>
      )}

      <RequestTypeChoice form={form} />

      {values.type === 'stock' ? (
        <>
          <SearchableSelect
            id={`${id}-item`}
            label={k('form.item')}
            searchLabel={k('form.itemSearch')}
            searchPlaceholder={k('form.itemSearchPlaceholder')}
            options={itemOptions}
            value={values.item_id}
            onChange={(value) => form.set('item_id', value)}
            placeholder={k('form.itemChoose')}
            noMatch={k('form.itemNone')}
            errors={problemText(problems.item_id)}
          />
          {chosen !== undefined && isBelowZero(chosen) && (
            <p className="alert alert-error" role="status" data-testid="request-item-below-zero">
              {k('form.belowZeroNote', stockOf(chosen))}
            </p>
          )}
        </>
      ) : (
        <>
          <TextField
            label={k('form.customName')}
            value={values.custom_name}
            maxLength={TEXT_LIMITS.requestName}
            autoComplete="off"
            errors={problemText(problems.custom_name)}
            onChange={(event) => form.set('custom_name', event.target.value)}
          />
          <TextField
            label={`${k('form.storeLink')}${optional}`}
            type="url"
            inputMode="url"
            hint={k('form.storeLinkHint')}
            value={values.store_link}
            errors={problemText(problems.store_link)}
            onChange={(event) => form.set('store_link', event.target.value)}
          />
          <RequestImageField
            image={image.chosen}
            errors={problemText(problems.image)}
            onFile={(file) => void form.chooseImage(file)}
            onRemove={image.remove}
          />
        </>
      )}
      <RequestCommonFields form={form} />
    </FormModal>
  );
}
