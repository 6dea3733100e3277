// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
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
});
