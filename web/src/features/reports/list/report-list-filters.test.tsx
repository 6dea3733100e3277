// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { db } from '../../../db/index.js';
import { useIndonesianComponents } from '../../../test/component-setup.js';
import '../report-list-i18n.js';
import { ReportListFilters } from './report-list-filters.js';
import { EMPTY_LIST_STATE } from './report-list-logic.js';

const onChange = vi.fn();
useIndonesianComponents(onChange);

const renderFilters = () =>
  render(
    <ReportListFilters state={EMPTY_LIST_STATE} onChange={onChange} reporterName={undefined} />,
  );

/** Types a range that runs backwards and presses Terapkan. */
async function applyBackwardsRange(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Dari tanggal'), '2026-03-10');
  await user.type(screen.getByLabelText('Sampai tanggal'), '2026-03-01');
  await user.click(screen.getByRole('button', { name: 'Terapkan' }));
}

describe('the report list filters', () => {
  it('refuses a date range that runs backwards, saying so on the end date', async () => {
    const user = userEvent.setup();
    renderFilters();
    await applyBackwardsRange(user);

    expect(onChange).not.toHaveBeenCalled();
    const to = screen.getByLabelText('Sampai tanggal');
    expect(to).toHaveProperty('value', '2026-03-01');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(to.getAttribute('aria-describedby')).toBe('report-list-date_to-error');
    expect(document.getElementById('report-list-date_to-error')?.textContent).toBe(
      'Sampai tanggal tidak boleh sebelum Dari tanggal.',
    );
    expect(document.activeElement).toBe(to);
  });

  it('applies the range once the end date is moved after the start', async () => {
    const user = userEvent.setup();
    renderFilters();
    await applyBackwardsRange(user);
    await user.clear(screen.getByLabelText('Sampai tanggal'));
    expect(screen.queryByText('Sampai tanggal tidak boleh sebelum Dari tanggal.')).toBeNull();
    await user.type(screen.getByLabelText('Sampai tanggal'), '2026-03-10');
    await user.click(screen.getByRole('button', { name: 'Terapkan' }));

    expect(onChange).toHaveBeenCalledWith({
      filters: { date_from: '2026-03-10', date_to: '2026-03-10' },
      page: 1,
      order: 'desc',
    });
  });

  it('filters by an assignee the device holds, the unassigned queue, priority and overdue', async () => {
    const at = '2026-01-01T00:00:00.000Z';
    const person = (id: string, name: string) =>
      ({ id, name, role: 'technician', photo_url: null, created_at: at, updated_at: at }) as const;
    await db.users.bulkPut([
      person('u-hendra', 'Hendra Wijaya'),
      person('u-agus', 'Agus Setiawan'),
    ]);
    const user = userEvent.setup();
    renderFilters();
    const assignee = screen.getByLabelText('Petugas');
    // The people by name, after "all" and the queue.
    await screen.findByRole('option', { name: 'Hendra Wijaya' });
    expect(
      Array.from((assignee as HTMLSelectElement).options, (option) => option.textContent),
    ).toEqual(['Semua petugas', 'Belum ditugaskan', 'Agus Setiawan', 'Hendra Wijaya']);
    await user.selectOptions(assignee, 'u-hendra');
    await user.selectOptions(screen.getByLabelText('Prioritas'), 'Mendesak');
    await user.click(screen.getByLabelText('Hanya yang terlambat'));
    await user.click(screen.getByRole('button', { name: 'Terapkan' }));
    expect(onChange).toHaveBeenLastCalledWith({
      filters: { assignee_id: 'u-hendra', priority: 'urgent', overdue: true },
      page: 1,
      order: 'desc',
    });

    await user.selectOptions(assignee, 'Belum ditugaskan');
    await user.click(screen.getByLabelText('Hanya yang terlambat'));
    await user.click(screen.getByRole('button', { name: 'Terapkan' }));
    expect(onChange).toHaveBeenLastCalledWith({
      filters: { assignee_id: 'unassigned', priority: 'urgent' },
      page: 1,
      order: 'desc',
    });
  });
});
