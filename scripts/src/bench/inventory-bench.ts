import { FIRST_SCHOOL_ID, sqliteWriter, type App, type Db } from '@urs/api';
import { benchServer, type BenchServer } from './bench-server.js';
import { newId } from '@urs/sync-protocol';
import { time, type BenchRow } from '../lib/measure.js';

interface Scale {
  db: Db;
  app: App;
  token: string;
  itemIds: string[];
  server: BenchServer;
}

/**
 * A school's inventory at a given size, written straight into SQLite (the bench measures reads):
 * items with their stock kept consistent with a history of out/in transactions.
 */
async function buildScale(items: number, transactions: number): Promise<Scale> {
  const server = await benchServer('inv');
  const { db, app } = server;
  const { token, userId } = await server.register();
  const sqlite = sqliteWriter(db);
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const itemIds = Array.from({ length: items }, () => newId());
  const areaIds = Array.from({ length: 12 }, () => newId());
  sqlite.transaction(() => {
    let seq = 1000;
    const area = sqlite.prepare(
      `INSERT INTO areas (school_id, id, name, created_at, updated_at, change_seq) VALUES ('${FIRST_SCHOOL_ID}', ?, ?, ?, ?, ?)`,
    );
    areaIds.forEach((id, i) => area.run(id, `Area ${i}`, iso(now), iso(now), ++seq));
    const item = sqlite.prepare(
      `INSERT INTO inventory_items (school_id, id, name, sku, unit, stock, min_stock, created_at, updated_at, change_seq) VALUES ('${FIRST_SCHOOL_ID}', ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
    );
    itemIds.forEach((id, i) =>
      item.run(
        id,
        `Barang ${String(i).padStart(5, '0')}`,
        `SKU-${i}`,
        'pcs',
        10,
        iso(now),
        iso(now),
        ++seq,
      ),
    );
    const stock = new Map<string, number>();
    const tx = sqlite.prepare(
      `INSERT INTO stock_transactions (school_id, id, item_id, type, quantity, area_id, recorded_by, occurred_at, created_at, updated_at, change_seq)
       VALUES ('${FIRST_SCHOOL_ID}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (let i = 0; i < transactions; i++) {
      const itemId = itemIds[i % items] ?? '';
      const type = i % 3 === 0 ? 'in' : 'out';
      const quantity = type === 'in' ? 6 : 2;
      const at = iso(now - (transactions - i) * 30_000);
      tx.run(
        newId(),
        itemId,
        type,
        quantity,
        areaIds[i % areaIds.length] ?? null,
        userId,
        at,
        at,
        at,
        ++seq,
      );
      stock.set(itemId, (stock.get(itemId) ?? 0) + (type === 'in' ? quantity : -quantity));
    }
    const setStock = sqlite.prepare('UPDATE inventory_items SET stock = ? WHERE id = ?');
    for (const [id, value] of stock) setStock.run(value, id);
    sqlite
      .prepare(`UPDATE change_counter SET value = ? WHERE school_id = '${FIRST_SCHOOL_ID}'`)
      .run(seq);
  })();
  sqlite.pragma('optimize');
  return { db, app, token, itemIds, server };
}

async function latencies(scale: Scale, paths: () => string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = paths();
    out.push(
      await time(async () => {
        const res = await scale.app.request(p, {
          headers: { authorization: `Bearer ${scale.token}` },
        });
        if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
        await res.arrayBuffer();
      }),
    );
  }
  return out.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Each endpoint at 5,000 items / 1,000,000 transactions against the same endpoint at 5,000 / 10,000. */
export async function inventoryBench(
  samples: number,
  transactions = 1_000_000,
): Promise<BenchRow[]> {
  const small = await buildScale(5_000, 10_000);
  const large = await buildScale(5_000, transactions);
  let k = 0;
  const cases: [string, (s: Scale) => () => string][] = [
    ['inventory summary', () => () => '/api/inventory/summary'],
    [
      'item list page (low stock filter)',
      () => () => '/api/inventory/items?filter=low_stock&per_page=50',
    ],
    ['item list search', () => () => `/api/inventory/items?q=Barang%2000${(k++ % 90) + 10}`],
    [
      'item detail (metrics, areas, last tx)',
      (s) => () => `/api/inventory/items/${s.itemIds[k++ % s.itemIds.length] ?? ''}`,
    ],
    [
      'item history page 1',
      (s) => () =>
        `/api/inventory/items/${s.itemIds[k++ % s.itemIds.length] ?? ''}/transactions?per_page=50`,
    ],
  ];
  const rows: BenchRow[] = [];
  for (const [name, make] of cases) {
    const base = await latencies(small, make(small), samples);
    const big = await latencies(large, make(large), samples);
    rows.push({
      name: `${name} at ${transactions.toLocaleString('en')} tx: p50 ${pct(big, 50).toFixed(2)} ms, p95 ${pct(big, 95).toFixed(2)} ms`,
      baseline: `same at 10k tx (p50 ${pct(base, 50).toFixed(2)} ms)`,
      ms: pct(big, 50),
      baselineMs: pct(base, 50),
    });
  }
  await small.server.close();
  await large.server.close();
  return rows;
}
