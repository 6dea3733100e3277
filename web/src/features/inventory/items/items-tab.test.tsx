// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type InventoryItem, type User } from '@urs/sync-protocol';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The whole tab on the app's own Dexie database (fake-indexeddb) and a memory router: what the
 * user sees after recording a transaction comes from the same tables the outbox writes.
 */

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));
const json = vi.hoisted(() => vi.fn());
vi.mock('../../../client/api.js', () => ({ api: { json } }));
vi.mock('../../../client/toast.js');
const confirm = vi.hoisted(() => vi.fn());
vi.mock('../../../client/dialog.js', () => ({ confirmDialog: confirm }));

import { db } from '../../../db/index.js';
import { initI18n } from '../../../lib/i18n.js';
import { toast } from '../../../client/toast.js';
import { claimLocalData } from '../../../sync/index.js';
import { ItemsTab } from './items-tab.js';
import { parseSearch, stringifySearch } from '../../../lib/search-params.js';
import { inventorySearchSchema } from '../inventory-search.js';
import { item as sharedItem } from './test-fixtures.js';
import { testUser } from '../../../test/user.js';
import { firstDownloadUnderWay } from '../../../test/sync-fixtures.js';

const AT = '2026-11-01T00:00:00.000Z';

function person(role: User['role']): User {
  return testUser({
    id: newId(),
    name: 'Siti',
    email: 'siti@urs.sch.id',
    role,
    created_at: AT,
    updated_at: AT,
  });
}

const item = (overrides: Partial<InventoryItem>): InventoryItem =>
  sharedItem({
    id: newId(),
    name: 'Barang',
    sku: null,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  });

function renderTab(path = '/inventory') {
  // The app's route for the tab: same id, same search schema and URL codec.
  const root = createRootRoute({ component: Outlet });
  const shell = createRoute({ getParentRoute: () => root, id: '_shell', component: Outlet });
  const inventory = createRoute({
    getParentRoute: () => shell,
    path: '/inventory',
    validateSearch: inventorySearchSchema,
    component: ItemsTab,
  });
  const router = createRouter({
    routeTree: root.addChildren([shell.addChildren([inventory])]),
    history: createMemoryHistory({ initialEntries: [path] }),
    parseSearch,
    stringifySearch,
  });
  render(<RouterProvider router={router} />);
  return router;
}

const sapu = item({ name: 'Sapu ijuk', sku: 'SP-01', stock: 4, min_stock: 4 });
const ember = item({ name: 'Ember', sku: 'EM-1', stock: 20, min_stock: 2 });
const lem = item({ name: 'Lem', stock: 0, min_stock: 3, active: false });

beforeAll(() => {
  initI18n('id');
  // The router restores scroll on navigation; jsdom has no layout to scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

beforeEach(async () => {
  session.user = person('custodian');
  await claimLocalData(db, session.user.id);
  await db.inventory_items.bulkPut([sapu, ember, lem]);
  // Online: the full history answers one page.
  json.mockImplementation((_method: string, path: string) =>
    Promise.resolve(
      path.includes('/transactions')
        ? { data: [], meta: { page: 1, per_page: 20, total: 0, last_page: 1 } }
        : { data: null },
    ),
  );
});

afterEach(async () => {
  cleanup();
  json.mockReset();
  confirm.mockReset();
  vi.mocked(toast.success).mockClear();
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('<ItemsTab />', () => {
  it('marks the counts as not final and says the items are downloading during a first download', async () => {
    await db.inventory_items.clear();
    await firstDownloadUnderWay(db, session.user?.id ?? '', { applied: 50, total: 900 });
    renderTab();
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data sedang diunduh... 50 dari 900',
    );
    expect(screen.queryByText('Belum ada barang di perangkat ini.')).toBeNull();
    expect(screen.getByTestId('counts-provisional').textContent).toContain('masih diunduh');
    expect(screen.getByText('0 barang ditemukan').textContent).toContain('masih diunduh');
  });

  it('says an item it does not hold yet may be on its way during a first download', async () => {
    await firstDownloadUnderWay(db, session.user?.id ?? '');
    renderTab(`/inventory?item=${newId()}`);
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data sedang diunduh...',
    );
    expect(screen.queryByText(/Barang tidak ditemukan di perangkat ini/)).toBeNull();
  });

  it('shows the summary from the device and filters by search and low stock via the URL', async () => {
    const user = userEvent.setup();
    const router = renderTab();
    await waitFor(() => expect(screen.getByTestId('stat-total').textContent).toContain('3'));
    expect(screen.getByTestId('stat-low').textContent).toContain('1');
    expect(screen.getByTestId('stat-inactive').textContent).toContain('1');
    expect(screen.getByTestId('stat-quantity').textContent).toContain('24');

    await user.type(screen.getByLabelText('Cari barang'), 'em-');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'em-' }));
    expect(screen.getByText('1 barang ditemukan')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Ember' })).toBeDefined();

    await user.clear(screen.getByLabelText('Cari barang'));
    await user.selectOptions(screen.getByLabelText('Tampilkan'), 'low_stock');
    await waitFor(() => expect(router.state.location.href).toBe('/inventory?filter=low_stock'));
    const list = screen.getByRole('list', { name: 'Daftar barang' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('Sapu ijuk')).toBeDefined();
  });

  it('hides add, edit and delete from staff who do not manage items', async () => {
    renderTab();
    await screen.findByRole('button', { name: 'Sapu ijuk' });
    expect(screen.queryByRole('button', { name: 'Tambah barang' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ubah Sapu ijuk' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Catat transaksi Sapu ijuk' })).toBeDefined();
  });

  it('records an out beyond stock once confirmed: queued, stock moved at once, marked pending', async () => {
    const user = userEvent.setup();
    confirm.mockResolvedValue(true);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Catat transaksi Sapu ijuk' }));
    await user.type(screen.getByLabelText('Jumlah'), '6');
    expect(screen.getByTestId('stock-overdraw')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Simpan transaksi' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Stok tercatat 4 pcs. Tetap catat keluar 6?',
        confirmLabel: 'Tetap catat',
        cancelLabel: 'Batal',
      }),
    );

    await waitFor(async () => expect((await db.inventory_items.get(sapu.id))?.stock).toBe(-2));
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.mutation.name)).toEqual(['stock.record']);
    const card = (await screen.findByRole('button', { name: 'Sapu ijuk' })).closest('li');
    if (card === null) throw new Error('no card');
    await waitFor(() => expect(within(card).getByTestId('item-stock').textContent).toBe('-2 pcs'));
    expect(within(card).getByText('Belum terkirim')).toBeDefined();
    expect(toast.success).toHaveBeenCalledWith('Transaksi dicatat', expect.any(String));
  });

  it('lets inventory staff bring a stock below zero back to 0 in one step from the item', async () => {
    const user = userEvent.setup();
    session.user = person('inventory_staff');
    await claimLocalData(db, session.user.id);
    const paku = item({ name: 'Paku', unit: 'pak', stock: -995, min_stock: 5 });
    await db.inventory_items.bulkPut([sapu, paku]);
    renderTab();
    const card = (await screen.findByRole('button', { name: 'Paku' })).closest('li');
    if (card === null) throw new Error('no card');
    expect(within(card).getByText('Stok minus')).toBeDefined();
    await user.click(within(card).getByRole('button', { name: 'Koreksi stok Paku' }));
    await user.click(await screen.findByRole('button', { name: 'Simpan koreksi' }));

    await waitFor(async () => expect((await db.inventory_items.get(paku.id))?.stock).toBe(0));
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation).toMatchObject({
      name: 'stock.record',
      args: { item_id: paku.id, type: 'adjustment', quantity: 995 },
    });
    await waitFor(() => expect(within(card).queryByText('Stok minus')).toBeNull());
    expect(within(card).getByTestId('item-stock').textContent).toBe('0 pak');
  });

  it("says in an item's detail that its stock is below zero, and who corrects it", async () => {
    const paku = item({ name: 'Paku', unit: 'pak', stock: -12, min_stock: 5 });
    await db.inventory_items.put(paku);
    renderTab(`/inventory?item=${paku.id}`);
    await screen.findByRole('heading', { name: 'Paku' });
    expect(screen.getByTestId('detail-stock').textContent).toBe('-12 pak');
    expect(screen.getAllByText('Stok minus').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByTestId('below-zero').textContent).toContain(
      'Stok tercatat di bawah nol; staf inventori perlu mengoreksinya.',
    );
    // A custodian records usage; correcting the count is the inventory staff's.
    expect(screen.queryByRole('button', { name: 'Koreksi stok Paku' })).toBeNull();
  });

  it('opens the detail from ?item= with local history and asks the server for the rest', async () => {
    const user = userEvent.setup();
    await db.users.put({
      id: session.user?.id ?? '',
      name: 'Siti',
      role: 'custodian',
      photo_url: null,
      created_at: AT,
      updated_at: AT,
    });
    const router = renderTab(`/inventory?item=${ember.id}`);
    await screen.findByRole('heading', { name: 'Ember' });
    expect(screen.getByTestId('detail-stock').textContent).toBe('20 pcs');
    await waitFor(() =>
      expect(json).toHaveBeenCalledWith(
        'GET',
        `api/inventory/items/${ember.id}/transactions?page=1&per_page=20`,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Catat transaksi' }));
    await user.click(screen.getByLabelText('Masuk'));
    await user.type(screen.getByLabelText('Jumlah'), '5');
    await user.click(screen.getByRole('button', { name: 'Simpan transaksi' }));
    await waitFor(() => expect(screen.getByTestId('detail-stock').textContent).toBe('25 pcs'));
    const history = await screen.findByTestId('local-history');
    expect(within(history).getByText('+5')).toBeDefined();
    expect(within(history).getByText('Dicatat oleh Siti')).toBeDefined();
    expect(within(history).getByText('Belum terkirim')).toBeDefined();

    await user.click(screen.getByRole('button', { name: /Kembali ke daftar barang/ }));
    await waitFor(() => expect(router.state.location.href).toBe('/inventory'));
  });

  it('lets a manager delete an item after confirming', async () => {
    session.user = person('inventory_staff');
    await claimLocalData(db, session.user.id);
    await db.inventory_items.bulkPut([sapu, ember, lem]);
    confirm.mockResolvedValue(true);
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Hapus Lem' }));
    expect(confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Hapus barang Lem?',
        text: 'Aksi ini tidak bisa dibatalkan',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Lem' })).toBeNull());
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.mutation.name, e.entity_id])).toEqual([['item.delete', lem.id]]);
  });
});
