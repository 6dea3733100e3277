// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckField } from './check-field.js';

afterEach(cleanup);

describe('<CheckField />', () => {
  it('toggles from a tap on its text and reports the new state', async () => {
    const onChange = vi.fn();
    render(<CheckField label="Aktif" checked={false} onChange={onChange} className="inv-check" />);
    await userEvent.setup().click(screen.getByText('Aktif'));
    expect(onChange).toHaveBeenCalledWith(true);
    expect(screen.getByRole('checkbox', { name: 'Aktif' }).closest('label')?.className).toBe(
      'admin-check inv-check',
    );
  });

  it('reports unticking a ticked box as false', async () => {
    const onChange = vi.fn();
    render(<CheckField label="Dilacak" checked onChange={onChange} />);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Dilacak' }));
    expect(onChange).toHaveBeenCalledWith(false);
  });
});
