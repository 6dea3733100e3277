// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.js';
import { RetryAlert } from './retry-alert.js';

beforeAll(() => {
  initI18n('id');
});
afterEach(cleanup);

describe('<RetryAlert />', () => {
  it('says what failed as an alert and loads again from its button', async () => {
    const onRetry = vi.fn();
    render(<RetryAlert message="Gagal memuat riwayat lengkap." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Gagal memuat riwayat lengkap.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
