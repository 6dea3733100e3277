import {
  type MutationArgs,
  type ParsedMutationArgs,
  type StockTransaction,
  type TransactionType,
} from '@urs/sync-protocol';
import { blankToNull } from './item-form-logic.js';
import { parseWholeNumber } from '../stock-numbers.js';

export interface StockFormValues {
  type: TransactionType;
  quantity: string;
  notes: string;
  /** '' = no area. */
  area_id: string;
}

export const EMPTY_STOCK_FORM: StockFormValues = {
  type: 'out',
  quantity: '',
  notes: '',
  area_id: '',
};

export function stockRecordArgs(
  values: StockFormValues,
  itemId: string,
  id: string,
  occurredAt: string,
): MutationArgs<'stock.record'> {
  return {
    id,
    item_id: itemId,
    type: values.type,
    quantity: parseWholeNumber(values.quantity),
    notes: blankToNull(values.notes),
    area_id: values.area_id === '' ? null : values.area_id,
    occurred_at: occurredAt,
  };
}

export function transactionRow(
  args: ParsedMutationArgs<'stock.record'>,
  recordedBy: string,
  at: string,
): StockTransaction {
  return {
    ...args,
    notes: args.notes ?? null,
    area_id: args.area_id ?? null,
    recorded_by: recordedBy,
    created_at: at,
    updated_at: at,
  };
}
