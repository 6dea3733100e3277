// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

const saveStockForm = vi.hoisted(() => vi.fn());
vi.mock('../data/items-actions.js', () => ({ saveStockForm }));

import { StockCountModal } from './stock-count-modal.js';
import { item } from '../test-fixtures.js';
import { useIndonesianComponents } from '../../../../test/component-setup.js';

useIndonesianComponents(saveStockForm);

const paku = item({ name: 'Paku 5 cm', unit: 'pak', stock: -45 });

function open(onSaved = vi.fn()) {
  render(<StockCountModal item={paku} userId="u1" onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

describe('<StockCountModal />', () => {
  it('brings a stock below zero to 0 in one step, as an adjustment with a note', async () => {
    saveStockForm.mockResolvedValue(null);
    const onSaved = open();
    expect(screen.getByLabelText<HTMLInputElement>('Stok hasil hitung').value).toBe('0');
    expect(screen.getByTestId('count-adjustment').textContent).toBe(
      'Dicatat sebagai penyesuaian +45 pak.',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Simpan koreksi' }));

    expect(saveStockForm).toHaveBeenCalledWith('u1', paku, {
      type: 'adjustment',
      quantity: '45',
      notes: 'Koreksi stok setelah dihitung',
      area_id: '',
    });
    expect(onSaved).toHaveBeenCalled();
  });

  it('records the difference to a typed count', async () => {
    const user = userEvent.setup();
    saveStockForm.mockResolvedValue(null);
    open();
    await user.clear(screen.getByLabelText('Stok hasil hitung'));
    await user.type(screen.getByLabelText('Stok hasil hitung'), '1.200');
    expect(screen.getByTestId('count-adjustment').textContent).toBe(
      'Dicatat sebagai penyesuaian +1.245 pak.',
    );
    await user.click(screen.getByRole('button', { name: 'Simpan koreksi' }));
    expect(saveStockForm).toHaveBeenCalledWith(
      'u1',
      paku,
      expect.objectContaining({ type: 'adjustment', quantity: '1245' }),
    );
  });

  it('refuses a count below zero, not a number, or one equal to the stock, saving nothing', async () => {
    const user = userEvent.setup();
    const onSaved = open();
    const field = screen.getByLabelText('Stok hasil hitung');
    for (const [typed, message] of [
      ['-3', 'Hasil hitung tidak boleh kurang dari 0.'],
      ['dua', 'Isi hasil hitung dengan angka bulat.'],
    ] as const) {
      await user.clear(field);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: 'Simpan koreksi' }));
      expect(await screen.findByText(message)).toBeDefined();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(saveStockForm).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('says when the count is what is recorded already', async () => {
    const user = userEvent.setup();
    render(
      <StockCountModal item={item({ stock: 7 })} userId="u1" onClose={vi.fn()} onSaved={vi.fn()} />,
    );
    await user.clear(screen.getByLabelText('Stok hasil hitung'));
    await user.type(screen.getByLabelText('Stok hasil hitung'), '7');
    await user.click(screen.getByRole('button', { name: 'Simpan koreksi' }));
    expect(await screen.findByText('Stok tercatat sudah sama dengan hasil hitung.')).toBeDefined();
    expect(saveStockForm).not.toHaveBeenCalled();
  });

  it('shows a refused quantity from the save on the count', async () => {
    saveStockForm.mockResolvedValue({ quantity: ['Jumlah terlalu besar.'] });
    open();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Simpan koreksi' }));
    expect(await screen.findByText('Jumlah terlalu besar.')).toBeDefined();
    expect(screen.getByLabelText('Stok hasil hitung').getAttribute('aria-invalid')).toBe('true');
  });
});
