// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useIndonesianComponents } from '../../../../test/component-setup.js';
import type { HistoryEntry } from '../data/items-api.js';

const fetchItemHistory = vi.hoisted(() => vi.fn());
vi.mock('../data/items-api.js', () => ({ fetchItemHistory }));

import { FullHistory } from './item-history.js';

useIndonesianComponents(fetchItemHistory);

const ROW: HistoryEntry = {
  id: '01a21dfd-0d6a-7551-b805-ee9559349b07',
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  version: 1,
  item_id: '01a21dfd-0d6a-7551-b805-ee9559349b08',
  type: 'in',
  quantity: 3,
  notes: null,
  area_id: null,
  recorded_by: '01a21dfd-0d6a-7551-b805-ee9559349b09',
  occurred_at: '2026-11-01T00:00:00.000Z',
  recorded_by_name: 'Rina Marlina',
  area_name: null,
  flag: null,
} as HistoryEntry;

describe('<FullHistory />', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('counts one transaction in the singular in English', async () => {
    await i18next.changeLanguage('en');
    fetchItemHistory.mockResolvedValue({
      data: [ROW],
      meta: { page: 1, per_page: 20, total: 1, last_page: 1 },
    });
    render(<FullHistory itemId={ROW.item_id} online version={0} />);

    expect(await screen.findByText('1 of 1 transaction')).toBeDefined();
  });
});
