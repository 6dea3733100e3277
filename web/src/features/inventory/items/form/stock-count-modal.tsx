import { TEXT_LIMITS, type InventoryItem } from '@urs/sync-protocol';
import { useId, useState } from 'react';
import { FormModal } from '../../../../components/ui/form-modal.js';
import { TextAreaField, TextField } from '../../../../components/ui/text-field.js';
import { useFormat } from '../../../../lib/format.js';
import { saveStockForm } from '../data/items-actions.js';
import { useItemsText } from '../items-i18n.js';
import { countAdjustment, parseWholeNumber } from '../stock-numbers.js';
import { otherErrors, type FieldErrors } from './item-args.js';
import { StockItemHeading } from './stock-item-heading.js';

const FORM_FIELDS = ['counted', 'notes'] as const;

/**
 * Corrects an item's stock in one step (those who manage items): the count typed, 0 to start
 * with (stock below zero is what sends people here), is recorded as the adjustment that brings
 * the stock to it, so the history still explains every number (decision 006).
 */
export function StockCountModal({
  item,
  userId,
  onClose,
  onSaved,
}: {
  item: InventoryItem;
  userId: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const tx = useItemsText();
  const { number } = useFormat();
  const id = useId();
  const [counted, setCounted] = useState('0');
  const [notes, setNotes] = useState(() => tx('count.note'));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const count = parseWholeNumber(counted);
  const delta = Number.isInteger(count) && count >= 0 ? countAdjustment(item.stock, count) : null;

  const submit = async () => {
    const problem = !Number.isInteger(count)
      ? tx('count.notNumber')
      : count < 0
        ? tx('count.belowZero')
        : delta === 0
          ? tx('count.same')
          : null;
    if (problem !== null || delta === null) {
      setErrors({ counted: [problem ?? tx('count.notNumber')] });
      return;
    }
    setBusy(true);
    const result = await saveStockForm(userId, item, {
      type: 'adjustment',
      quantity: String(delta),
      notes,
      area_id: '',
    });
    setBusy(false);
    if (result === null) {
      onSaved();
      return;
    }
    // The contract speaks of the adjustment's quantity; here that is the count.
    const { quantity, ...rest } = result;
    setErrors(quantity === undefined ? rest : { ...rest, counted: quantity });
  };

  return (
    <FormModal
      title={tx('count.title')}
      submitLabel={tx('count.save')}
      busy={busy}
      error={otherErrors(errors, FORM_FIELDS)}
      onSubmit={() => void submit()}
      onClose={onClose}
      testId="stock-count-form"
    >
      <StockItemHeading item={item} />
      <TextField
        label={tx('count.counted')}
        hint={tx('count.countedHint')}
        inputMode="numeric"
        autoComplete="off"
        value={counted}
        errors={errors['counted']}
        onChange={(event) => {
          setCounted(event.target.value);
          setErrors({});
        }}
      />
      <div aria-live="polite" className="inv-stock-preview">
        {delta !== null && delta !== 0 && (
          <p className="muted" data-testid="count-adjustment">
            {tx('count.adjustment', {
              delta: `${delta > 0 ? '+' : ''}${number(delta)}`,
              unit: item.unit,
            })}
          </p>
        )}
      </div>
      <TextAreaField
        id={`${id}-notes`}
        label={tx('stock.notes')}
        inputClassName="inv-textarea"
        rows={2}
        maxLength={TEXT_LIMITS.stockNotes}
        value={notes}
        errors={errors['notes']}
        onChange={(event) => setNotes(event.target.value)}
      />
    </FormModal>
  );
}
