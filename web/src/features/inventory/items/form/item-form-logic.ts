import { type InventoryItem, type MutationArgs, type ParsedMutationArgs } from '@urs/sync-protocol';
import { parseWholeNumber } from '../stock-numbers.js';

export interface ItemFormValues {
  name: string;
  sku: string;
  unit: string;
  /** Opening stock; create only. */
  stock: string;
  min_stock: string;
  description: string;
  active: boolean;
  trackable: boolean;
}

export const EMPTY_ITEM_FORM: ItemFormValues = {
  name: '',
  sku: '',
  unit: '',
  stock: '0',
  min_stock: '0',
  description: '',
  active: true,
  trackable: true,
};

export function itemFormFrom(item: InventoryItem): ItemFormValues {
  return {
    name: item.name,
    sku: item.sku ?? '',
    unit: item.unit,
    stock: String(item.stock),
    min_stock: String(item.min_stock),
    description: item.description ?? '',
    active: item.active,
    trackable: item.trackable,
  };
}

/** Blank SKU means "none"; otherwise trimmed. */
export function normalizeSku(text: string | null | undefined): string | null {
  const value = (text ?? '').trim();
  return value === '' ? null : value;
}

/** Another item (not `exceptId`) already carries this SKU, compared without case as the server does. */
export function skuTaken(
  items: Iterable<Pick<InventoryItem, 'id' | 'sku'>>,
  sku: string | null,
  exceptId: string | null,
): boolean {
  if (sku === null) return false;
  const wanted = sku.toLowerCase();
  for (const item of items) {
    if (item.id !== exceptId && item.sku !== null && item.sku.trim().toLowerCase() === wanted) {
      return true;
    }
  }
  return false;
}

export const blankToNull = (text: string) => (text.trim() === '' ? null : text);

const countOf = (text: string) => (text.trim() === '' ? 0 : parseWholeNumber(text));

export function itemCreateArgs(values: ItemFormValues, id: string): MutationArgs<'item.create'> {
  return { ...itemFullUpdateArgs(values, id), stock: countOf(values.stock) };
}

/** Every editable field, for a retry of a refused update (the device no longer knows the base). */
export function itemFullUpdateArgs(values: ItemFormValues, id: string) {
  return {
    id,
    name: values.name,
    sku: normalizeSku(values.sku),
    unit: values.unit,
    min_stock: countOf(values.min_stock),
    description: blankToNull(values.description),
    active: values.active,
    trackable: values.trackable,
  } satisfies MutationArgs<'item.update'>;
}

/**
 * Only the fields the user changed, so an edit never overwrites another person's concurrent
 * change to a field this user left alone (the server applies fields one by one). Null when
 * nothing changed.
 */
export function itemUpdateArgs(
  item: InventoryItem,
  values: ItemFormValues,
): MutationArgs<'item.update'> | null {
  const full = itemFullUpdateArgs(values, item.id);
  const changed: Omit<MutationArgs<'item.update'>, 'id'> = {
    ...(full.name.trim() !== item.name && { name: full.name }),
    ...(full.sku !== item.sku && { sku: full.sku }),
    ...(full.unit.trim() !== item.unit && { unit: full.unit }),
    ...(full.min_stock !== item.min_stock && { min_stock: full.min_stock }),
    ...((full.description?.trim() || null) !== item.description && {
      description: full.description,
    }),
    ...(full.active !== item.active && { active: full.active }),
    ...(full.trackable !== item.trackable && { trackable: full.trackable }),
  };
  return Object.keys(changed).length > 0 ? { id: item.id, ...changed } : null;
}

/** The row a new item shows at once: its opening stock included, as the server will record it. */
export function createdItemRow(args: ParsedMutationArgs<'item.create'>, at: string): InventoryItem {
  return {
    ...args,
    sku: args.sku ?? null,
    description: args.description ?? null,
    created_at: at,
    updated_at: at,
  };
}

export function updatedItemRow(
  item: InventoryItem,
  args: ParsedMutationArgs<'item.update'>,
  at: string,
): InventoryItem {
  return {
    ...item,
    ...(args.name !== undefined && { name: args.name }),
    ...(args.sku !== undefined && { sku: args.sku }),
    ...(args.unit !== undefined && { unit: args.unit }),
    ...(args.min_stock !== undefined && { min_stock: args.min_stock }),
    ...(args.description !== undefined && { description: args.description }),
    ...(args.active !== undefined && { active: args.active }),
    ...(args.trackable !== undefined && { trackable: args.trackable }),
    updated_at: at,
  };
}
