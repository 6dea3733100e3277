import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { createApp } from '../../app.js';
import type { Db } from '../../db/handles.js';
import { inventoryItems } from '../../db/schema.js';
import type * as Inventory from '../../services/inventory.js';
import { useSyncFixture } from '../../sync/test-kit.js';

/** Rows the export writes before its next read of the table fails: past the first bytes sent. */
const ROWS_BEFORE_FAILURE = 3000;

/*
 * The items' reader of the export: the real first rows, each written many times over so the
 * download is well under way, then a query the database refuses, as a dropped connection or a
 * broken statement would be refused in the middle of a real export.
 */
vi.mock('../../services/inventory.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Inventory>();
  async function* failingPartWay(
    db: Db,
    schoolId: string,
    query: Parameters<typeof actual.iterateItems>[2],
  ) {
    const first = [];
    for await (const item of actual.iterateItems(db, schoolId, query)) first.push(item);
    for (let i = 0; i < ROWS_BEFORE_FAILURE; i += 1) {
      const item = first[i % first.length];
      if (item !== undefined) yield { ...item, name: `${item.name} ${i}` };
    }
    await db
      .select()
      .from(inventoryItems)
      .where(sql`no_such_column = 1`);
  }
  return { ...actual, iterateItems: failingPartWay };
});

interface Download {
  status: number;
  type: string | undefined;
  bytes: number;
  /** The body's end arrived: the server finished the answer (chunked: its last chunk). */
  complete: boolean;
}

/** One GET over a real socket, read until the answer ends or the connection is cut. */
function download(port: number, path: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { port, host: '127.0.0.1', path, headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        // 'aborted' comes with an error on the response; the answer is judged on 'close'.
        res.on('error', () => undefined);
        res.on('close', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            bytes,
            complete: res.complete,
          }),
        );
      },
    );
    req.on('error', reject);
  });
}

describe('an export that fails part-way', () => {
  const f = useSyncFixture('inventory_staff', 'Gudang');
  let server: ServerType | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    vi.restoreAllMocks();
  });

  const item = async (name: string) => {
    const res = await f.staff.push([
      'item.create',
      { id: newId(), name, unit: 'pcs', stock: 1, min_stock: 0 },
    ]);
    expect(res.results[0]?.status).toBe('applied');
  };

  it('cuts the connection after the 200, and logs the failure once, in one line', async () => {
    await item('Sapu ijuk');
    await item('Ember');
    const app = createApp({ db: f.t.db, env: f.t.env });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    const { port } = server.address() as AddressInfo;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const infos = vi.spyOn(console, 'info').mockImplementation(() => undefined);

    const answer = await download(port, '/api/inventory/items/export?filter=all', f.staff.token);
    // The headers and the first rows went out; the end never did, so the device cannot take
    // the part it got for a whole file.
    expect(answer.status).toBe(200);
    expect(answer.type).toContain('spreadsheetml');
    expect(answer.bytes).toBeGreaterThan(0);
    expect(answer.complete).toBe(false);

    // Logged by the server once: one line that names the request and the database's refusal,
    // without the stack (twice over) of an error the operator cannot act on from here.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toHaveBeenCalledTimes(1);
    const logged = errors.mock.calls[0]?.map(String).join(' ') ?? '';
    expect(logged).not.toContain('\n');
    expect(logged).toContain('GET /api/inventory/items/export');
    expect(logged).toMatch(/no_such_column/);
    // Not reported as a download the user walked away from.
    expect(infos).not.toHaveBeenCalled();
  });

  it('errors the body when it is not served by Node (in-process): never a clean short end', async () => {
    await item('Sapu ijuk');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await f.t.request('/api/inventory/items/export?filter=all', {
      token: f.staff.token,
    });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
    expect(errors).toHaveBeenCalledTimes(1);
  });
});
