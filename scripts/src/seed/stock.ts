import type { tables } from '@urs/api';
import type { TransactionType } from '@urs/sync-protocol';
import { iso } from './clock.js';
import type { NewRow, PlanContext, PlannedPerson } from './context.js';
import {
  ITEM_RETIRED_DAYS_AGO,
  ITEMS,
  OPNAME_NOTES,
  RESTOCK_NOTES,
  SUPPLY_GROUPS,
  type ItemSeed,
} from './inventory-data.js';

type ItemRow = NewRow<typeof tables.inventoryItems>;
type TransactionRow = NewRow<typeof tables.stockTransactions>;

const MINUTE_MS = 60_000;
/** Stock-opname happens once, about a quarter before now. */
const OPNAME_DAYS_AGO = 92;
/**
 * Low-stock items stop being restocked this many days before now: a restock lasts about two
 * months, so by now their use has drifted them under the minimum (some all the way to zero).
 */
const LOW_STOCK_DRIFT_DAYS = [40, 70] as const;

/**
 * One item's transaction history in time order. It refuses any step that would take the stock
 * below zero, so the `stock` column it ends with is the sum of a history that never went negative.
 */
class Ledger {
  stock = 0;
  readonly rows: TransactionRow[] = [];
  private last: Date;
  private lastReceived: Date | null = null;

  constructor(
    private readonly ctx: PlanContext,
    private readonly itemId: string,
    createdAt: Date,
  ) {
    this.last = createdAt;
  }

  record(
    type: TransactionType,
    quantity: number,
    daysAgo: number,
    by: PlannedPerson,
    areaId: string | null,
    notes: string | null,
  ): void {
    const delta = type === 'out' ? -quantity : quantity;
    if (!Number.isInteger(quantity) || quantity === 0 || (type !== 'adjustment' && quantity < 0)) {
      throw new Error(`demo seed: bad ${type} quantity ${quantity}`);
    }
    if (this.stock + delta < 0) throw new Error('demo seed: stock would go negative');
    const { rng, clock } = this.ctx;
    let occurredAt = clock.schoolTime(daysAgo, rng);
    if (occurredAt <= this.last) {
      occurredAt = new Date(this.last.getTime() + rng.int(20, 120) * MINUTE_MS);
    }
    // Some usage is logged offline in the store room and reaches the server hours later.
    const offline = type === 'out' && rng.chance(0.15);
    const receivedAt = offline ? clock.later(occurredAt, rng.between(1, 20)) : occurredAt;
    this.rows.push({
      ...this.ctx.sync(receivedAt),
      itemId: this.itemId,
      type,
      quantity,
      notes,
      areaId,
      recordedBy: by.id,
      occurredAt: iso(occurredAt),
    });
    this.ctx.touch(by, receivedAt);
    this.stock += delta;
    this.last = occurredAt;
    if (this.lastReceived === null || this.lastReceived < receivedAt)
      this.lastReceived = receivedAt;
  }

  /** When the server last saw the stock change, which is when the item row was last updated. */
  lastChangeAt(): Date | null {
    return this.lastReceived;
  }
}

/** Units used over `days`, as a whole number whose average is the item's monthly rate. */
function usage(ctx: PlanContext, item: ItemSeed, days: number): number {
  const expected = (item.monthlyUse * days * ctx.rng.between(0.6, 1.4)) / 30;
  return Math.floor(expected) + (ctx.rng.chance(expected % 1) ? 1 : 0);
}

function restockTarget(ctx: PlanContext, item: ItemSeed): number {
  return item.minStock + Math.ceil(item.monthlyUse * 2) + ctx.rng.int(1, 4);
}

function simulate(ctx: PlanContext, item: ItemSeed, ledger: Ledger, startDays: number): void {
  const { rng } = ctx;
  const group = SUPPLY_GROUPS[item.group];
  const keeper = (daysAgo: number) => ctx.personFor('inventory_staff', daysAgo);
  const user = (daysAgo: number) => ctx.personFor(group.role, daysAgo);
  const place = (daysAgo: number) => {
    const open = group.areas.filter((name) => ctx.areaInUse(name, daysAgo));
    return open.length === 0 || rng.chance(0.15) ? null : ctx.areaId(rng.pick(open));
  };
  const restock = (daysAgo: number) => {
    const quantity = restockTarget(ctx, item) - ledger.stock;
    ledger.record('in', quantity, daysAgo, keeper(daysAgo), null, rng.pick(RESTOCK_NOTES));
  };

  ledger.record(
    'in',
    restockTarget(ctx, item),
    startDays,
    keeper(startDays),
    null,
    'Stok awal pendataan inventaris',
  );
  const state = item.state ?? 'ok';
  const stopDays = state === 'inactive' ? ITEM_RETIRED_DAYS_AGO : 3;
  const lastRestockDays = state === 'low' ? rng.int(...LOW_STOCK_DRIFT_DAYS) : 0;
  let opnameDone = false;
  for (let day = startDays - rng.int(2, 6); day > stopDays;) {
    const gap = rng.int(5, 12);
    const quantity = Math.min(usage(ctx, item, gap), ledger.stock);
    if (quantity > 0) {
      const note = rng.chance(0.7) ? rng.pick(group.usageNotes) : null;
      ledger.record('out', quantity, day, user(day), place(day), note);
    }
    if (!opnameDone && day <= OPNAME_DAYS_AGO) {
      opnameDone = true;
      const delta = rng.pick([-2, -1, 1]);
      if (ledger.stock + delta >= 0) {
        ledger.record('adjustment', delta, day, keeper(day), null, rng.pick(OPNAME_NOTES));
      }
    }
    if (day > lastRestockDays && ledger.stock <= item.minStock) restock(day - 1);
    day -= gap;
  }

  if (state === 'inactive') {
    if (ledger.stock > 0) {
      const day = ITEM_RETIRED_DAYS_AGO;
      const note = 'Barang tidak dipakai lagi; sisa stok dikeluarkan dari catatan';
      ledger.record('adjustment', -ledger.stock, day, keeper(day), null, note);
    }
  } else if (state === 'low') {
    if (ledger.stock >= item.minStock) {
      const target = Math.floor(item.minStock * rng.between(0, 0.6));
      ledger.record(
        'out',
        ledger.stock - target,
        2,
        user(2),
        place(2),
        'Dipakai untuk kerja bakti',
      );
    }
  } else if (ledger.stock <= item.minStock) {
    restock(2);
  }
}

/** The store room over six months: items, and for each tracked item a plausible history. */
export function planInventory(ctx: PlanContext): {
  items: ItemRow[];
  transactions: TransactionRow[];
} {
  const items: ItemRow[] = [];
  const transactions: TransactionRow[] = [];
  for (const item of ITEMS) {
    const startDays = ctx.rng.int(176, 184);
    const createdAt = ctx.clock.schoolTime(startDays + 1, ctx.rng);
    const creator = ctx.personFor('inventory_staff', startDays + 1);
    ctx.touch(creator, createdAt);
    const itemId = ctx.addItem(item.name);
    const ledger = new Ledger(ctx, itemId, createdAt);
    const state = item.state ?? 'ok';
    if (state !== 'untracked') simulate(ctx, item, ledger, startDays);
    transactions.push(...ledger.rows);
    items.push({
      ...ctx.sync(createdAt, ledger.lastChangeAt() ?? createdAt),
      id: itemId,
      name: item.name,
      sku: item.sku,
      unit: item.unit,
      stock: ledger.stock,
      minStock: item.minStock,
      description: item.description ?? null,
      active: state !== 'inactive',
      trackable: state !== 'untracked',
      createdBy: creator.id,
    });
  }
  return { items, transactions };
}
