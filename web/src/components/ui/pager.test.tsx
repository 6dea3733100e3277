// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
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
});
