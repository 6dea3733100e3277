import { SearchableSelect } from '../../../../components/ui/searchable-select.js';
import { TRANSACTION_TYPES, type Area, type InventoryItem, TEXT_LIMITS } from '@urs/sync-protocol';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../../components/ui/form-modal.js';
import { TextAreaField, TextField } from '../../../../components/ui/text-field.js';
import { saveStockForm } from '../data/items-actions.js';
import { useItemsText } from '../items-i18n.js';
import { otherErrors, type FieldErrors } from './item-args.js';
import { StockItemHeading } from './stock-item-heading.js';
import { EMPTY_STOCK_FORM, type StockFormValues } from './stock-form-logic.js';
import { exceedsStock, parseWholeNumber, stockAfter } from '../stock-numbers.js';
import { formatNumber } from '../../../../lib/format.js';
import { confirmDialog } from '../../../../client/dialog.js';

const FORM_FIELDS = ['type', 'quantity', 'notes', 'area_id'] as const;

/**
 * Records a transaction on an item (every role): type, quantity, optional area and notes. The
 * stock it would leave is shown as the user types; an `out` beyond the recorded stock is warned
 * about as it is typed and asked about before saving ("Stok tercatat 5 pak. Tetap catat keluar
 * 50?"), and saved when confirmed (the device may not know the latest stock; the server flags
 * it, decision 006).
 */
export function StockFormModal({
  item,
  areas,
  userId,
  onClose,
  onSaved,
}: {
  item: InventoryItem;
  areas: readonly Area[];
  userId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { i18n } = useTranslation();
  const tx = useItemsText();
  const id = useId();
  const [values, setValues] = useState<StockFormValues>(EMPTY_STOCK_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const set =
    <K extends keyof StockFormValues>(key: K) =>
    (value: StockFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  const quantity = parseWholeNumber(values.quantity);
  const known = Number.isInteger(quantity) && (values.type === 'adjustment' || quantity > 0);
  const after = known ? stockAfter(item.stock, values.type, quantity) : null;
  const overdraw = known && item.trackable && exceedsStock(item.stock, values.type, quantity);
  const number = (n: number) => formatNumber(n, i18n.language);

  const submit = async () => {
    if (
      overdraw &&
      !(await confirmDialog({
        title: tx('stock.overdrawConfirm', {
          stock: number(item.stock),
          unit: item.unit,
          quantity: number(quantity),
        }),
        text: tx('stock.overdrawConfirmText'),
        icon: 'warning',
        confirmLabel: tx('stock.overdrawYes'),
        cancelLabel: tx('cancel'),
      }))
    ) {
      return;
    }
    setBusy(true);
    const result = await saveStockForm(userId, item, values);
    setBusy(false);
    if (result !== null) {
      setErrors(result);
      return;
    }
    onSaved();
  };

  const fieldError = (field: string) => errors[field];
  const areaErrors = fieldError('area_id') ?? [];

  return (
    <FormModal
      title={tx('stock.title')}
      submitLabel={tx('stock.save')}
      busy={busy}
      error={otherErrors(errors, FORM_FIELDS)}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="stock-form"
    >
      <StockItemHeading item={item} />
      <fieldset className="inv-choices">
        <legend className="field-label">{tx('stock.type')}</legend>
        <div className="inv-choice-row">
          {TRANSACTION_TYPES.map((type) => (
            <label key={type} className="choice inv-choice">
              <input
                type="radio"
                name={`${id}-type`}
                value={type}
                checked={values.type === type}
                onChange={() => set('type')(type)}
              />
              {tx(`types.${type}`)}
            </label>
          ))}
        </div>
        {(fieldError('type')?.length ?? 0) > 0 && (
          <p className="field-error">{fieldError('type')?.join(' ')}</p>
        )}
      </fieldset>
      <TextField
        label={tx('stock.quantity')}
        hint={tx(`stock.quantityHint.${values.type}`)}
        inputMode={values.type === 'adjustment' ? 'text' : 'numeric'}
        autoComplete="off"
        value={values.quantity}
        errors={fieldError('quantity')}
        onChange={(event) => set('quantity')(event.target.value)}
      />
      <div aria-live="polite" className="inv-stock-preview">
        {after !== null && (
          <p className="muted" data-testid="stock-after">
            {tx('stock.after', { stock: number(after), unit: item.unit })}
          </p>
        )}
        {overdraw && (
          <p className="alert inv-alert-warning" data-testid="stock-overdraw">
            {tx('stock.overdraw')}
          </p>
        )}
      </div>
      <SearchableSelect
        id={`${id}-area`}
        label={tx('stock.area')}
        searchLabel={tx('stock.areaSearch')}
        options={areas.map((area) => ({ id: area.id, label: area.name }))}
        value={values.area_id}
        onChange={set('area_id')}
        placeholder={tx('stock.areaNone')}
        noMatch={tx('stock.areaNoMatch')}
        errors={areaErrors}
      />
      <TextAreaField
        id={`${id}-notes`}
        label={tx('stock.notes')}
        inputClassName="inv-textarea"
        rows={2}
        maxLength={TEXT_LIMITS.stockNotes}
        value={values.notes}
        errors={fieldError('notes')}
        onChange={(event) => set('notes')(event.target.value)}
      />
    </FormModal>
  );
}
