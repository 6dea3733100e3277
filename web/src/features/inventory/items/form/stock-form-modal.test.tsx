// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Area } from '@urs/sync-protocol';
import { describe, expect, it, vi } from 'vitest';

const saveStockForm = vi.hoisted(() => vi.fn());
vi.mock('../data/items-actions.js', () => ({ saveStockForm }));

import { ItemList } from '../list/item-list.js';
import { DialogHost } from '../../../../components/ui/dialog-host.js';
import { StockFormModal } from './stock-form-modal.js';
import { AT, item } from '../test-fixtures.js';
import { useIndonesianComponents } from '../../../../test/component-setup.js';

const sapu = item({ stock: 4 });
const areas: Area[] = [
  {
    id: '0190a0b0-0000-7000-8000-0000000000c1',
    name: 'Kantin',
    description: null,
    active: true,
    created_at: AT,
    updated_at: AT,
  },
  {
    id: '0190a0b0-0000-7000-8000-0000000000c2',
    name: 'Lab IPA',
    description: null,
    active: true,
    created_at: AT,
    updated_at: AT,
  },
];

useIndonesianComponents(saveStockForm);

describe('<StockFormModal />', () => {
  it('warns about an out beyond the recorded stock, asks before saving, and saves when told', async () => {
    const user = userEvent.setup();
    saveStockForm.mockResolvedValue(null);
    const onSaved = vi.fn();
    render(
      <>
        <StockFormModal item={sapu} areas={areas} userId="u1" onClose={vi.fn()} onSaved={onSaved} />
        <DialogHost />
      </>,
    );
    expect(screen.getByTestId('stock-current').textContent).toBe('Stok tercatat: 4 pcs');
    await user.type(screen.getByLabelText('Jumlah'), '3');
    expect(screen.getByTestId('stock-after').textContent).toBe('Stok setelah transaksi: 1 pcs');
    expect(screen.queryByTestId('stock-overdraw')).toBeNull();

    await user.clear(screen.getByLabelText('Jumlah'));
    await user.type(screen.getByLabelText('Jumlah'), '6');
    expect(screen.getByTestId('stock-overdraw').textContent).toBe(
      'Jumlah keluar melebihi stok yang tercatat; transaksi tetap disimpan dan akan ditandai untuk admin.',
    );
    await user.type(screen.getByLabelText('Cari area'), 'lab');
    await user.selectOptions(screen.getByLabelText('Area (opsional)'), 'Lab IPA');
    await user.click(screen.getByRole('button', { name: 'Simpan transaksi' }));
    // The spec's voice, with the item's unit: nothing is saved until the answer.
    expect(
      await screen.findByRole('heading', { name: 'Stok tercatat 4 pcs. Tetap catat keluar 6?' }),
    ).toBeDefined();
    expect(saveStockForm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Tetap catat' }));

    await vi.waitFor(() =>
      expect(saveStockForm).toHaveBeenCalledWith('u1', sapu, {
        type: 'out',
        quantity: '6',
        notes: '',
        area_id: areas[1]?.id,
      }),
    );
    expect(onSaved).toHaveBeenCalled();
  });

  it('keeps the form, unsaved, when the warning before saving is cancelled', async () => {
    const user = userEvent.setup();
    const paku = item({ name: 'Paku', unit: 'pak', stock: 5 });
    render(
      <>
        <StockFormModal item={paku} areas={areas} userId="u1" onClose={vi.fn()} onSaved={vi.fn()} />
        <DialogHost />
      </>,
    );
    await user.type(screen.getByLabelText('Jumlah'), '50');
    await user.click(screen.getByRole('button', { name: 'Simpan transaksi' }));
    const warning = await screen.findByRole('dialog', {
      name: 'Stok tercatat 5 pak. Tetap catat keluar 50?',
    });
    await user.click(within(warning).getByRole('button', { name: 'Batal' }));

    await vi.waitFor(() =>
      expect(screen.queryByRole('heading', { name: /Tetap catat keluar/ })).toBeNull(),
    );
    expect(saveStockForm).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLInputElement>('Jumlah').value).toBe('50');
  });

  it('asks nothing for an out within the stock', async () => {
    const user = userEvent.setup();
    saveStockForm.mockResolvedValue(null);
    render(
      <>
        <StockFormModal item={sapu} areas={areas} userId="u1" onClose={vi.fn()} onSaved={vi.fn()} />
        <DialogHost />
      </>,
    );
    await user.type(screen.getByLabelText('Jumlah'), '4');
    await user.click(screen.getByRole('button', { name: 'Simpan transaksi' }));
    await vi.waitFor(() => expect(saveStockForm).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: /Tetap catat/ })).toBeNull();
  });

  it('does not warn for an incoming transaction, and shows field errors from the save', async () => {
    const user = userEvent.setup();
    saveStockForm.mockResolvedValue({ quantity: ['Jumlah harus lebih dari 0.'] });
    const onSaved = vi.fn();
    render(
      <StockFormModal item={sapu} areas={areas} userId="u1" onClose={vi.fn()} onSaved={onSaved} />,
    );
    await user.click(screen.getByLabelText('Masuk'));
    await user.type(screen.getByLabelText('Jumlah'), '100');
    expect(screen.queryByTestId('stock-overdraw')).toBeNull();
    expect(screen.getByTestId('stock-after').textContent).toBe('Stok setelah transaksi: 104 pcs');
    await user.click(screen.getByRole('button', { name: 'Simpan transaksi' }));
    await screen.findByText('Jumlah harus lebih dari 0.');
    expect(screen.getByLabelText('Jumlah').getAttribute('aria-invalid')).toBe('true');
    expect(onSaved).not.toHaveBeenCalled();
  });
});

describe('<ItemList />', () => {
  const low = { ...sapu, id: 'b', name: 'Lem', sku: null, stock: 1, active: false };

  it('shows level in words, inactive and pending marks, and hides manage buttons', () => {
    render(
      <ItemList
        items={[sapu, low]}
        marks={new Map([['b', 'pending']])}
        wide={false}
        onOpen={vi.fn()}
        onRecord={vi.fn()}
      />,
    );
    expect(screen.getAllByText('Menipis')).toHaveLength(1);
    expect(screen.getAllByText('Kritis')).toHaveLength(1);
    expect(screen.getByText('Nonaktif')).toBeDefined();
    expect(screen.getByTestId('item-sync-mark').textContent).toBe('Belum terkirim');
    expect(screen.getByRole('button', { name: 'Catat transaksi Sapu ijuk' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Ubah Sapu ijuk' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Hapus Sapu ijuk' })).toBeNull();
  });

  it('gives managers edit and delete in the wide table', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(
      <ItemList
        items={[sapu]}
        marks={new Map()}
        wide
        onOpen={vi.fn()}
        onRecord={vi.fn()}
        onEdit={vi.fn()}
        onDelete={onDelete}
      />,
    );
    expect(screen.getByRole('table', { name: 'Daftar barang' })).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Hapus Sapu ijuk' }));
    expect(onDelete).toHaveBeenCalledWith(sapu);
  });

  it('marks stock below zero as an error in words, with the correction for those who manage', async () => {
    const user = userEvent.setup();
    const paku = { ...sapu, id: 'p', name: 'Paku', unit: 'pak', stock: -995 };
    const onCorrect = vi.fn();
    const { rerender } = render(
      <ItemList
        items={[sapu, paku]}
        marks={new Map()}
        wide={false}
        onOpen={vi.fn()}
        onRecord={vi.fn()}
        onCorrect={onCorrect}
      />,
    );
    expect(screen.getAllByText('Stok minus')).toHaveLength(1);
    expect(screen.getByTestId('below-zero').textContent).toContain(
      'Stok tercatat di bawah nol. Hitung barangnya, lalu koreksi stok.',
    );
    await user.click(screen.getByRole('button', { name: 'Koreksi stok Paku' }));
    expect(onCorrect).toHaveBeenCalledWith(paku);

    // Others are told who fixes it, and get no button.
    rerender(
      <ItemList
        items={[sapu, paku]}
        marks={new Map()}
        wide={false}
        onOpen={vi.fn()}
        onRecord={vi.fn()}
      />,
    );
    expect(screen.getByTestId('below-zero').textContent).toContain(
      'Stok tercatat di bawah nol; staf inventori perlu mengoreksinya.',
    );
    expect(screen.queryByRole('button', { name: 'Koreksi stok Paku' })).toBeNull();

    // The wide table: the badge in the level column, the correction among the row's actions.
    rerender(
      <ItemList
        items={[sapu, paku]}
        marks={new Map()}
        wide
        onOpen={vi.fn()}
        onRecord={vi.fn()}
        onCorrect={onCorrect}
      />,
    );
    expect(screen.getByText('Stok minus').closest('tr')?.getAttribute('data-item-id')).toBe('p');
    expect(screen.getByRole('button', { name: 'Koreksi stok Paku' })).toBeDefined();
  });
});
