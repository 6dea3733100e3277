// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type ItemRequest, type User } from '@urs/sync-protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const router = vi.hoisted(() => ({ search: '?tab=requests', navigate: vi.fn() }));
// The tab reads its route's parsed search and navigates with a typed search; as the app's router
// does, both go through the app's URL codec, so the test speaks in hrefs.
vi.mock('@tanstack/react-router', async () => {
  const { parseSearch, stringifySearch } = await import('../../../lib/search-params.js');
  const { inventorySearchSchema } = await import('../inventory-search.js');

  interface Target {
    to: string;
    search: Record<string, unknown>;
    replace?: boolean;
  }
  return {
    useNavigate: () => (target: Target) => {
      router.navigate({
        href: `${target.to}${stringifySearch(target.search)}`,
        replace: target.replace,
      });
    },
    getRouteApi: () => ({
      useSearch: () => inventorySearchSchema.parse(parseSearch(router.search)),
    }),
  };
});
const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));
const json = vi.hoisted(() => vi.fn());
vi.mock('../../../client/api.js', () => ({ api: { json } }));
vi.mock('../../../client/toast.js');

import { db } from '../../../db/index.js';
import { initI18n } from '../../../lib/i18n.js';
import { claimLocalData } from '../../../sync/index.js';
import { EMPTY_REQUEST_FORM } from './form/request-form-logic.js';
import { createItemRequest } from './data/requests-save.js';
import { RequestsTab } from './requests-tab.js';
import { testUser } from '../../../test/user.js';
import { firstDownloadUnderWay } from '../../../test/sync-fixtures.js';

const ME = newId();
const ITEM = newId();
const me: User = testUser({ id: ME, email: 'siti@urs.sch.id' });
const base = {
  type: 'stock' as const,
  item_id: ITEM,
  custom_name: null,
  store_link: null,
  image_sha256: null,
  needed_date: null,
  notes: null,
  requester_id: ME,
  approver_id: null,
  approver_notes: null,
  decided_at: null,
};
const approved: ItemRequest = {
  ...base,
  id: newId(),
  number: 'REQ-2026-000001',
  quantity: 2,
  status: 'approved',
  created_at: '2026-11-01T01:00:00.000Z',
  updated_at: '2026-11-02T01:00:00.000Z',
};
const custom: ItemRequest = {
  ...base,
  id: newId(),
  number: 'REQ-2026-000002',
  type: 'custom',
  item_id: null,
  custom_name: 'Kursi lipat',
  quantity: 6,
  needed_date: '2026-12-01',
  status: 'pending',
  created_at: '2026-11-10T01:00:00.000Z',
  updated_at: '2026-11-10T01:00:00.000Z',
};
let local: ItemRequest;

beforeAll(async () => {
  initI18n('id');
  session.user = me;
  await claimLocalData(db, ME);
  await db.users.put({
    id: ME,
    name: 'Siti Aminah',
    role: 'custodian',
    photo_url: null,
    created_at: me.created_at,
    updated_at: me.updated_at,
  });
  await db.inventory_items.put({
    id: ITEM,
    name: 'Kertas HVS A4',
    sku: 'ATK-01',
    unit: 'rim',
    stock: 40,
    min_stock: 5,
    description: null,
    active: true,
    trackable: true,
    created_at: me.created_at,
    updated_at: me.updated_at,
  });
  await db.item_requests.bulkPut([approved, custom]);
  // Made on this device, offline: no number yet, waiting in the outbox.
  const outcome = await createItemRequest(
    db,
    ME,
    {
      values: { ...EMPTY_REQUEST_FORM, item_id: ITEM, quantity: '3' },
      image: null,
      items: new Map([[ITEM, { id: ITEM, name: 'Kertas HVS A4', unit: 'rim', active: true }]]),
    },
    { now: () => new Date('2026-11-22T01:00:00.000Z') },
  );
  if (!outcome.ok) throw new Error('seed failed');
  local = outcome.row;
});
afterEach(() => {
  cleanup();
  router.navigate.mockClear();
});
afterAll(async () => {
  await db.delete();
});

const rows = () => within(screen.getByTestId('request-list')).getAllByRole('button');

describe('<RequestsTab />', () => {
  it('during a first download: no "none", the figures marked not final, a missing request on its way', async () => {
    const before = await db.sync_state.get(ME);
    await firstDownloadUnderWay(db, ME, { applied: 10, total: 400 });
    try {
      router.search = '?tab=requests&status=rejected';
      render(<RequestsTab />);
      expect((await screen.findByTestId('first-download')).textContent).toContain(
        'Data sedang diunduh... 10 dari 400',
      );
      expect(screen.queryByText('Tidak ada permintaan yang cocok dengan filter.')).toBeNull();
      expect(screen.getByTestId('counts-provisional')).toBeDefined();
      cleanup();

      router.search = `?tab=requests&request=${newId()}`;
      render(<RequestsTab />);
      const dialog = await screen.findByRole('dialog');
      expect((await within(dialog).findByTestId('first-download')).textContent).toContain(
        'Data sedang diunduh...',
      );
    } finally {
      if (before === undefined) await db.sync_state.delete(ME);
      else await db.sync_state.put(before);
    }
  });

  it('lists the device’s requests newest first, with placeholder number, names, status and sync mark', async () => {
    router.search = '?tab=requests';
    render(<RequestsTab />);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((row) => row.getAttribute('data-request-id'))).toEqual([
      local.id,
      custom.id,
      approved.id,
    ]);
    const first = rows()[0]!;
    expect(within(first).getByText('Bernomor setelah terkirim')).toBeDefined();
    expect((await within(first).findByTestId('request-unsynced')).textContent).toBe(
      'Belum terkirim',
    );
    expect(within(first).getByText('Kertas HVS A4')).toBeDefined();
    expect(within(first).getByText('Jumlah: 3 rim')).toBeDefined();
    expect(within(first).getByText('Pemohon: Siti Aminah')).toBeDefined();
    expect(within(first).getByText('Menunggu')).toBeDefined();
    const second = rows()[1]!;
    expect(within(second).getByText('REQ-2026-000002')).toBeDefined();
    expect(within(second).getByText('Kursi lipat')).toBeDefined();
    expect(within(second).getByText('Dibutuhkan: 1 Des 2026')).toBeDefined();
    expect(within(second).queryByTestId('request-unsynced')).toBeNull();
    expect(within(rows()[2]!).getByText('Disetujui')).toBeDefined();
  });

  it('counts the 30-day activity from the device’s requests, live, those waiting to be sent included', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T08:00:00.000Z'));
    try {
      router.search = '?tab=requests';
      render(<RequestsTab />);
      const stat = async (label: string) => {
        const stats = await screen.findByTestId('request-analytics');
        return within(stats).getByText(label).nextElementSibling?.textContent;
      };
      await waitFor(async () => expect(await stat('Total permintaan')).toBe('3'));
      expect(await stat('Rata-rata per hari')).toBe('0,1');
      expect(await stat('Tingkat persetujuan')).toBe('100%');
      // The stock item's own unit, not a generic 'unit'.
      expect(screen.getByText('2 permintaan · 5 rim')).toBeDefined();

      const outcome = await createItemRequest(
        db,
        ME,
        {
          values: { ...EMPTY_REQUEST_FORM, item_id: ITEM, quantity: '4' },
          image: null,
          items: new Map([[ITEM, { id: ITEM, name: 'Kertas HVS A4', unit: 'rim', active: true }]]),
        },
        { now: () => new Date('2026-11-23T07:00:00.000Z') },
      );
      if (!outcome.ok) throw new Error('create failed');
      await waitFor(async () => expect(await stat('Total permintaan')).toBe('4'));
      expect(screen.getByText('3 permintaan · 9 rim')).toBeDefined();
      await db.item_requests.delete(outcome.row.id);
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by status and search from the URL, and writes chip choices back to it', async () => {
    const user = userEvent.setup();
    router.search = '?tab=requests&status=pending&q=kursi';
    render(<RequestsTab />);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.getAttribute('data-request-id')).toBe(custom.id);
    expect(screen.getByRole('button', { name: 'Menunggu', pressed: true })).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Disetujui', pressed: false }));
    expect(router.navigate).toHaveBeenCalledWith({
      href: '/inventory?tab=requests&status=approved&q=kursi',
      replace: false,
    });
  });

  it('opens the detail named by ?request= with its timeline', async () => {
    router.search = `?tab=requests&request=${local.id}`;
    render(<RequestsTab />);
    const detail = await screen.findByTestId('request-detail');
    const timeline = await within(detail).findByTestId('request-timeline');
    await waitFor(() =>
      expect(
        within(timeline)
          .getAllByRole('listitem')
          .map((step) => [step.getAttribute('data-kind'), step.getAttribute('data-state')]),
      ).toEqual([
        ['created', 'done'],
        ['synced', 'waiting'],
        ['awaiting_decision', 'waiting'],
      ]),
    );
    expect(within(timeline).getByText('Belum terkirim')).toBeDefined();
    // A custodian decides nothing.
    expect(within(detail).queryByRole('button', { name: 'Setujui' })).toBeNull();
  });
});
