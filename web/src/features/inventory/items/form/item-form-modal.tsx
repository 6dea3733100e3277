import { TEXT_LIMITS } from '@urs/sync-protocol';
import { useId, useState } from 'react';
import { CheckField } from '../../../../components/ui/check-field.js';
import { FormModal } from '../../../../components/ui/form-modal.js';
import { TextAreaField, TextField } from '../../../../components/ui/text-field.js';
import { saveItemForm, type ItemFormMode } from '../data/items-actions.js';
import { useItemsText } from '../items-i18n.js';
import { otherErrors, type FieldErrors } from './item-args.js';
import { EMPTY_ITEM_FORM, itemFormFrom, type ItemFormValues } from './item-form-logic.js';
import { formFromArgs } from '../../refused-form.js';

const FORM_FIELDS = [
  'name',
  'sku',
  'unit',
  'stock',
  'min_stock',
  'description',
  'active',
  'trackable',
] as const;

/** What the form is for; a refused change carries the args the server refused and its answer. */
export type ItemFormTarget =
  | Extract<ItemFormMode, { kind: 'create' | 'edit' }>
  | (Extract<ItemFormMode, { kind: 'fix' }> & {
      creates: boolean;
      args: unknown;
      errors: FieldErrors;
    });

function initialValues(target: ItemFormTarget): ItemFormValues {
  if (target.kind === 'edit') return itemFormFrom(target.item);
  if (target.kind === 'fix') {
    const base = target.item === null ? EMPTY_ITEM_FORM : itemFormFrom(target.item);
    return formFromArgs(target.args, base);
  }
  return EMPTY_ITEM_FORM;
}

/** Add, edit, or fix a refused item: name, SKU, unit, opening stock (new only), minimum, flags. */
export function ItemFormModal({
  target,
  userId,
  onClose,
  onSaved,
}: {
  target: ItemFormTarget;
  userId: string;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const tx = useItemsText();
  const id = useId();
  const [values, setValues] = useState<ItemFormValues>(() => initialValues(target));
  const [errors, setErrors] = useState<FieldErrors>(() =>
    target.kind === 'fix' ? target.errors : {},
  );
  const [busy, setBusy] = useState(false);
  const isNew = target.kind === 'create' || (target.kind === 'fix' && target.creates);

  const set =
    <K extends keyof ItemFormValues>(key: K) =>
    (value: ItemFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (key: 'name' | 'sku' | 'unit' | 'stock' | 'min_stock') => ({
    value: values[key],
    errors: errors[key],
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value),
  });

  const submit = async () => {
    setBusy(true);
    const result = await saveItemForm(userId, target, values);
    setBusy(false);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    onSaved(result.id);
  };

  const title =
    target.kind === 'create'
      ? tx('form.createTitle')
      : target.kind === 'edit'
        ? tx('form.editTitle')
        : tx('form.fixTitle');
  const hasFieldErrors = FORM_FIELDS.some((field) => (errors[field]?.length ?? 0) > 0);
  const generalError =
    otherErrors(errors, FORM_FIELDS) ?? (hasFieldErrors ? tx('form.fixErrors') : null);

  return (
    <FormModal
      title={title}
      submitLabel={target.kind === 'create' ? tx('form.create') : tx('form.save')}
      busy={busy}
      error={generalError}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="item-form"
    >
      <TextField
        label={tx('form.name')}
        autoComplete="off"
        maxLength={TEXT_LIMITS.itemName}
        required
        {...text('name')}
      />
      <div className="inv-form-grid">
        <TextField
          label={tx('form.sku')}
          hint={tx('form.skuHint')}
          autoComplete="off"
          maxLength={TEXT_LIMITS.sku}
          {...text('sku')}
        />
        <TextField
          label={tx('form.unit')}
          hint={tx('form.unitHint')}
          autoComplete="off"
          maxLength={TEXT_LIMITS.unit}
          required
          {...text('unit')}
        />
        {isNew && (
          <TextField
            label={tx('form.stock')}
            hint={tx('form.stockHint')}
            inputMode="numeric"
            {...text('stock')}
          />
        )}
        <TextField
          label={tx('form.minStock')}
          hint={tx('form.minStockHint')}
          inputMode="numeric"
          {...text('min_stock')}
        />
      </div>
      <TextAreaField
        id={`${id}-description`}
        label={tx('form.description')}
        inputClassName="inv-textarea"
        rows={3}
        maxLength={TEXT_LIMITS.itemDescription}
        value={values.description}
        errors={errors.description}
        onChange={(event) => set('description')(event.target.value)}
      />
      <CheckField
        className="inv-check"
        label={tx('form.active')}
        checked={values.active}
        onChange={set('active')}
      />
      <CheckField
        className="inv-check"
        label={tx('form.trackable')}
        checked={values.trackable}
        onChange={set('trackable')}
      />
    </FormModal>
  );
}
