// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { afterAll, describe, expect, it } from 'vitest';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { Pager } from './pager.js';

useIndonesianComponents();

describe('<Pager />', () => {
  afterAll(() => i18next.changeLanguage('id'));

  it('counts the rows in English as one item or many, and as data in Indonesian', async () => {
    const pager = (total: number) => (
      <Pager page={1} lastPage={1} total={total} onPage={() => undefined} label="Halaman" />
    );
    await i18next.changeLanguage('en');
    const { rerender } = render(pager(1));
    expect(screen.getByText('Page 1 of 1 · 1 item')).toBeDefined();
    rerender(pager(14));
    expect(screen.getByText('Page 1 of 1 · 14 items')).toBeDefined();

    await i18next.changeLanguage('id');
    rerender(pager(1));
    expect(screen.getByText('Halaman 1 dari 1 · 1 data')).toBeDefined();
  });

  it('keeps the focus in the pager when the button pressed is disabled by the page it shows', async () => {
    function Paged() {
      const [page, setPage] = useState(1);
      return <Pager page={page} lastPage={3} total={25} onPage={setPage} label="Halaman" />;
    }
    const user = userEvent.setup();
    render(<Paged />);
    const previous = screen.getByRole('button', { name: 'Sebelumnya' });
    const next = screen.getByRole('button', { name: 'Berikutnya' });
    next.focus();
    await user.keyboard('{Enter}');
    // A page between: the button pressed keeps the focus.
    expect(document.activeElement).toBe(next);
    await user.keyboard('{Enter}');
    // The last page disables it; a browser would put the focus on the body, and Tab would
    // start over from the top of the page. The other button takes it.
    expect(screen.getByText('Halaman 3 dari 3 · 25 data')).toBeDefined();
    expect(document.activeElement).toBe(previous);
    await user.keyboard('{Enter}{Enter}');
    expect(document.activeElement).toBe(next);
  });
});
