// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useIndonesianComponents } from '../../../test/component-setup.js';
import '../report-list-i18n.js';
import { EMPTY_LIST_STATE } from './report-list-logic.js';
import { ReportListToolbar } from './report-list-toolbar.js';
import { RoleExplorer } from './role-explorer.js';

useIndonesianComponents();

/**
 * The report list's buttons are named with the words they show (WCAG 2.5.3, label in name:
 * Lighthouse's label-content-name-mismatch), so a screen reader hears what is on screen, the
 * order chosen and a person's count included, and voice control finds them by those words.
 */
describe('the report list buttons', () => {
  it('names the sort button with the order it shows', () => {
    render(
      <ReportListToolbar
        state={{ ...EMPTY_LIST_STATE, order: 'asc' }}
        onChange={vi.fn()}
        fail={vi.fn()}
      />,
    );
    const sort = screen.getByRole('button', { name: /^Urutkan menurut tanggal dibuat/ });
    expect(sort.textContent).toBe('Terlama dulu');
    expect(sort.getAttribute('aria-label') ?? sort.textContent).toContain('Terlama dulu');
  });

  it("names a person's button with the name and count it shows", () => {
    render(
      <RoleExplorer
        role="custodian"
        onRole={vi.fn()}
        people={[{ id: 'u-siti', name: 'Siti Aminah', role: 'custodian', report_count: 5 }]}
        onShowInTable={vi.fn()}
        onLoadError={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Siti Aminah 5 laporan' })).toBeDefined();
  });
});
