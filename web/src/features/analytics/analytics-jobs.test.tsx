// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnalyticsSnapshot, PersonJobFigures } from '@urs/sync-protocol';
import { useIndonesianComponents } from '../../test/component-setup.js';
import './analytics-i18n.js';
import { JobsSection } from './analytics-jobs.js';

useIndonesianComponents();

const figures = {
  open: 0,
  overdue: 0,
  completed_30d: 0,
  with_due_30d: 0,
  on_time_30d: 0,
  on_time_rate: null,
  median_completion_ms: null,
};
const person = (id: string | null, fields: Partial<PersonJobFigures>): PersonJobFigures => ({
  ...figures,
  id,
  name: id === null ? null : `Staf ${id}`,
  role: id === null ? null : 'technician',
  ...fields,
});
const jobs = (people: PersonJobFigures[]): AnalyticsSnapshot['jobs'] => ({
  ...figures,
  open: 7,
  overdue: 3,
  unassigned: 2,
  completed_30d: 12,
  with_due_30d: 8,
  on_time_30d: 6,
  on_time_rate: 75,
  median_completion_ms: (26 * 60 + 30) * 60_000,
  per_person: people,
});
const num = (value: number) => String(value);
const cells = (row: HTMLElement) =>
  [row.querySelector('th'), ...row.querySelectorAll('td')].map((cell) =>
    (cell?.firstChild?.textContent ?? '').trim(),
  );

describe('the analytics job figures', () => {
  it('shows the school figures and each person, the queue by name, missing rates as a dash', () => {
    render(
      <JobsSection
        num={num}
        jobs={jobs([
          person('a', {
            open: 4,
            overdue: 3,
            completed_30d: 5,
            with_due_30d: 4,
            on_time_30d: 3,
            on_time_rate: 75,
            median_completion_ms: 45 * 60_000,
          }),
          person(null, { open: 2 }),
        ])}
      />,
    );
    const stats = within(screen.getByTestId('analytics-jobs-figures'));
    expect(stats.getByText('Terlambat').nextElementSibling?.textContent).toBe('3');
    expect(stats.getByText('Tepat waktu').nextElementSibling?.textContent).toBe('75%');
    expect(stats.getByText('Median waktu selesai').nextElementSibling?.textContent).toBe(
      '1 hari 2 jam',
    );
    const rows = within(screen.getByTestId('analytics-jobs-people')).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Staf a', '4', '3', '5', '75%', '45 mnt'],
      ['Belum ditugaskan', '2', '0', '0', '–', '–'],
    ]);
    expect(rows[0]?.querySelectorAll('td')[3]?.getAttribute('title')).toBe('3 dari 4 bertenggat');
  });

  it('lists the ten most overdue first and the rest on request', async () => {
    const people = Array.from({ length: 13 }, (_, i) => person(`p${i}`, { open: 13 - i }));
    render(<JobsSection num={num} jobs={jobs(people)} />);
    const table = screen.getByTestId('analytics-jobs-people');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tampilkan semua (13)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(14);
    expect(screen.getByRole('button', { name: 'Tampilkan lebih sedikit' })).toBeDefined();
  });

  it('says so when there is no work at all', () => {
    render(<JobsSection num={num} jobs={{ ...jobs([]), open: 0 }} />);
    expect(screen.getByText('Belum ada pekerjaan terbuka atau selesai.')).toBeDefined();
  });
});
