import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  pageMeta,
  stockLevel,
  type InventoryItem,
  type InventoryListQuery,
  type InventorySummary,
  type Paged,
  type StockLevel,
  type StockTransaction,
  reason,
} from '@urs/sync-protocol';
import type { Db } from '../db/handles.js';
import { areas, inventoryItems, stockTransactions, users } from '../db/schema.js';
import { first } from '../db/first.js';
import { notFound } from '../lib/http-error.js';
import { containsText } from '../db/dialect.js';
import { toWire } from '../data/wire.js';

const live = isNull(inventoryItems.deletedAt);
/** Every read here is of one school's items and transactions (decision 027). */
const itemsOf = (schoolId: string) => and(eq(inventoryItems.schoolId, schoolId), live);
/** Low stock in SQL, the same rule as `isLowStock`: active, tracked and not healthy. */
const lowStock = sql`(${inventoryItems.active} IS TRUE AND ${inventoryItems.trackable} IS TRUE AND (${inventoryItems.stock} <= 0 OR ${inventoryItems.stock} <= ${inventoryItems.minStock}))`;
const signedQuantity = sql`CASE ${stockTransactions.type} WHEN 'out' THEN -${stockTransactions.quantity} ELSE ${stockTransactions.quantity} END`;

/** The order of the item list and its export: by name, case ignored, then id. */
const sortName = sql`lower(${inventoryItems.name})`;

export type ItemWithLevel = InventoryItem & { level: StockLevel };

const withLevel = (row: typeof inventoryItems.$inferSelect): ItemWithLevel => {
  const item = toWire.inventory_items(row);
  return { ...item, level: stockLevel(item) };
};

/** The four summary cards, in one pass over the item table (5,000 rows, not the history). */
export async function inventorySummary(db: Db, schoolId: string): Promise<InventorySummary> {
  const row = await first(
    db
      .select({
        total: sql<number>`count(*)`,
        low: sql<number>`coalesce(sum(CASE WHEN ${lowStock} THEN 1 ELSE 0 END), 0)`,
        inactive: sql<number>`coalesce(sum(CASE WHEN ${inventoryItems.active} IS FALSE THEN 1 ELSE 0 END), 0)`,
        quantity: sql<number>`coalesce(sum(CASE WHEN ${inventoryItems.stock} > 0 THEN ${inventoryItems.stock} ELSE 0 END), 0)`,
      })
      .from(inventoryItems)
      .where(itemsOf(schoolId)),
  );
  return {
    total_items: Number(row?.total ?? 0),
    low_stock: Number(row?.low ?? 0),
    inactive: Number(row?.inactive ?? 0),
    total_quantity: Number(row?.quantity ?? 0),
  };
}

export async function listItems(
  db: Db,
  schoolId: string,
  query: InventoryListQuery,
): Promise<Paged<ItemWithLevel>> {
  const conditions: (SQL | undefined)[] = [itemsOf(schoolId)];
  if (query.filter === 'low_stock') conditions.push(lowStock);
  if (query.filter === 'inactive') conditions.push(eq(inventoryItems.active, false));
  if (query.q !== undefined && query.q !== '') {
    const match = or(
      containsText(inventoryItems.name, query.q),
      containsText(inventoryItems.sku, query.q),
    );
    if (match !== undefined) conditions.push(match);
  }
  const where = and(...conditions);
  const total =
    (
      await first(
        db
          .select({ n: sql<number>`count(*)` })
          .from(inventoryItems)
          .where(where),
      )
    )?.n ?? 0;
  const rows = await db
    .select()
    .from(inventoryItems)
    .where(where)
    .orderBy(sortName, asc(inventoryItems.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  return { data: rows.map(withLevel), meta: pageMeta(query.page, query.per_page, Number(total)) };
}

/** Items matching a list query in the list's order (name, case ignored), in keyset chunks. */
export async function* iterateItems(
  db: Db,
  schoolId: string,
  query: Pick<InventoryListQuery, 'filter' | 'q'>,
  chunk = 500,
): AsyncGenerator<ItemWithLevel> {
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const conditions: (SQL | undefined)[] = [itemsOf(schoolId)];
    if (query.filter === 'low_stock') conditions.push(lowStock);
    if (query.filter === 'inactive') conditions.push(eq(inventoryItems.active, false));
    if (query.q !== undefined && query.q !== '') {
      conditions.push(
        or(containsText(inventoryItems.name, query.q), containsText(inventoryItems.sku, query.q)),
      );
    }
    if (after !== undefined) {
      // lower() of the last name by the database too: JavaScript's lower case is not SQLite's
      // (ASCII only), and a key that differs from the order's would skip or repeat rows.
      conditions.push(
        sql`(${sortName}, ${inventoryItems.id}) > (lower(${after.name}), ${after.id})`,
      );
    }
    const rows = await db
      .select()
      .from(inventoryItems)
      .where(and(...conditions))
      .orderBy(sortName, asc(inventoryItems.id))
      .limit(chunk);
    for (const row of rows) yield withLevel(row);
    const last = rows.at(-1);
    if (last === undefined || rows.length < chunk) return;
    after = { name: last.name, id: last.id };
  }
}

export interface ItemDetail {
  item: ItemWithLevel;
  metrics: {
    transactions: number;
    in_30d: number;
    out_30d: number;
    last_transaction: StockTransaction | null;
  };
  recent_areas: { id: string; name: string; last_used_at: string }[];
}

/**
 * An item with its metrics. Every query here walks the (item_id, occurred_at) index, so it
 * costs the same whether the table holds a thousand transactions or a million.
 */
export async function itemDetail(
  db: Db,
  schoolId: string,
  id: string,
  now = new Date(),
): Promise<ItemDetail> {
  const row = await first(
    db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.id, id), itemsOf(schoolId))),
  );
  if (row === undefined) throw notFound(reason('item_not_found'));
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const ofItem = and(eq(stockTransactions.itemId, id), isNull(stockTransactions.deletedAt));
  const totals = await first(
    db
      .select({
        n: sql<number>`count(*)`,
        inRecent: sql<number>`coalesce(sum(CASE WHEN ${stockTransactions.type} = 'in' AND ${stockTransactions.occurredAt} >= ${since} THEN ${stockTransactions.quantity} ELSE 0 END), 0)`,
        outRecent: sql<number>`coalesce(sum(CASE WHEN ${stockTransactions.type} = 'out' AND ${stockTransactions.occurredAt} >= ${since} THEN ${stockTransactions.quantity} ELSE 0 END), 0)`,
      })
      .from(stockTransactions)
      .where(ofItem),
  );
  const last = await first(
    db
      .select()
      .from(stockTransactions)
      .where(ofItem)
      .orderBy(desc(stockTransactions.occurredAt), desc(stockTransactions.id))
      .limit(1),
  );
  const recentAreas = await db
    .select({
      id: areas.id,
      name: areas.name,
      last_used_at: sql<string>`max(${stockTransactions.occurredAt})`,
    })
    .from(stockTransactions)
    .innerJoin(areas, eq(areas.id, stockTransactions.areaId))
    .where(ofItem)
    .groupBy(areas.id)
    .orderBy(desc(sql`max(${stockTransactions.occurredAt})`))
    .limit(5);
  return {
    item: withLevel(row),
    metrics: {
      transactions: Number(totals?.n ?? 0),
      in_30d: Number(totals?.inRecent ?? 0),
      out_30d: Number(totals?.outRecent ?? 0),
      last_transaction: last === undefined ? null : toWire.stock_transactions(last),
    },
    recent_areas: recentAreas,
  };
}

export type HistoryEntry = StockTransaction & {
  recorded_by_name: string;
  area_name: string | null;
  flag: string | null;
};

function toHistoryEntry(r: {
  tx: typeof stockTransactions.$inferSelect;
  recordedByName: string;
  areaName: string | null;
}): HistoryEntry {
  return {
    ...toWire.stock_transactions(r.tx),
    recorded_by_name: r.recordedByName,
    area_name: r.areaName,
    flag: r.tx.flag,
  };
}

/**
 * The full history, newest first, a page at a time; an item of another school has none here,
 * as a missing one has none.
 */
export async function itemHistory(
  db: Db,
  schoolId: string,
  id: string,
  page: number,
  perPage: number,
): Promise<Paged<HistoryEntry>> {
  const ofItem = and(
    eq(stockTransactions.itemId, id),
    eq(stockTransactions.schoolId, schoolId),
    isNull(stockTransactions.deletedAt),
  );
  const total =
    (
      await first(
        db
          .select({ n: sql<number>`count(*)` })
          .from(stockTransactions)
          .where(ofItem),
      )
    )?.n ?? 0;
  const rows = await db
    .select({ tx: stockTransactions, recordedByName: users.name, areaName: areas.name })
    .from(stockTransactions)
    .innerJoin(users, eq(users.id, stockTransactions.recordedBy))
    .leftJoin(areas, eq(areas.id, stockTransactions.areaId))
    .where(ofItem)
    .orderBy(desc(stockTransactions.occurredAt), desc(stockTransactions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map(toHistoryEntry),
    meta: pageMeta(page, perPage, Number(total)),
  };
}

/**
 * Transactions accepted although they took stock below zero (recorded offline against a stock
 * the device did not know was gone): shown to admins to check, newest first.
 */
export async function flaggedTransactions(
  db: Db,
  schoolId: string,
  page: number,
  perPage: number,
): Promise<Paged<HistoryEntry & { item_name: string }>> {
  // An item deleted since has nothing left to check: its flags would only open "not found".
  const flagged = and(
    eq(stockTransactions.schoolId, schoolId),
    isNull(stockTransactions.deletedAt),
    sql`${stockTransactions.flag} IS NOT NULL`,
    inArray(
      stockTransactions.itemId,
      db.select({ id: inventoryItems.id }).from(inventoryItems).where(itemsOf(schoolId)),
    ),
  );
  const total =
    (
      await first(
        db
          .select({ n: sql<number>`count(*)` })
          .from(stockTransactions)
          .where(flagged),
      )
    )?.n ?? 0;
  const rows = await db
    .select({
      tx: stockTransactions,
      recordedByName: users.name,
      areaName: areas.name,
      itemName: inventoryItems.name,
    })
    .from(stockTransactions)
    .innerJoin(users, eq(users.id, stockTransactions.recordedBy))
    .innerJoin(inventoryItems, eq(inventoryItems.id, stockTransactions.itemId))
    .leftJoin(areas, eq(areas.id, stockTransactions.areaId))
    .where(flagged)
    .orderBy(desc(stockTransactions.createdAt), desc(stockTransactions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((r) => ({ ...toHistoryEntry(r), item_name: r.itemName })),
    meta: pageMeta(page, perPage, Number(total)),
  };
}

export interface StockMismatch {
  id: string;
  name: string;
  stock: number;
  from_history: number;
}

/**
 * The check behind the incrementally kept stock column: recomputes every item's stock from its
 * transaction history and lists the items where the two disagree (there should be none).
 */
export async function stockCheck(db: Db, schoolId: string): Promise<StockMismatch[]> {
  const fromHistory = sql<number>`coalesce(sum(${signedQuantity}), 0)`;
  return (
    await db
      .select({
        id: inventoryItems.id,
        name: inventoryItems.name,
        stock: inventoryItems.stock,
        from_history: fromHistory,
      })
      .from(inventoryItems)
      .leftJoin(
        stockTransactions,
        and(eq(stockTransactions.itemId, inventoryItems.id), isNull(stockTransactions.deletedAt)),
      )
      .where(itemsOf(schoolId))
      .groupBy(inventoryItems.id)
      .having(sql`${inventoryItems.stock} <> ${fromHistory}`)
  ).map((r) => ({ ...r, from_history: Number(r.from_history) }));
}
