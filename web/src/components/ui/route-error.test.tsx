// @vitest-environment jsdom
import {
  Outlet,
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { isLoadFailure, RouteError } from './route-error.js';

useIndonesianComponents();

/** A one-screen app whose screen fails (with `message`) until `broken.now` is false. */
function appWithFailingScreen(broken: { now: boolean }, message = 'row is undefined') {
  const root = createRootRoute({ component: Outlet });
  const screenRoute = createRoute({
    getParentRoute: () => root,
    path: '/reports',
    component: () => {
      if (broken.now) throw new Error(message);
      return <h1>Kelola Laporan</h1>;
    },
  });
  return createRouter({
    routeTree: root.addChildren([screenRoute]),
    history: createMemoryHistory({ initialEntries: ['/reports'] }),
    defaultErrorComponent: RouteError,
  });
}

beforeAll(() => {
  // The router restores scroll on navigation; jsdom has no layout to scroll. The screen's
  // failure is logged, by React and by the error screen: not this test's output.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('<RouteError />', () => {
  it('says in Indonesian that the screen failed, and "Coba lagi" draws it again', async () => {
    const broken = { now: true };
    render(<RouterProvider router={appWithFailingScreen(broken)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Layar ini gagal ditampilkan');
    expect(alert.textContent).toContain('Coba lagi, atau muat ulang aplikasi.');
    expect(screen.queryByText('Something went wrong!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Muat ulang aplikasi' })).toBeDefined();

    broken.now = false;
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(await screen.findByRole('heading', { name: 'Kelola Laporan' })).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("offers only a reload when the screen's code could not be fetched", async () => {
    const failed = 'Failed to fetch dynamically imported module: /assets/settings-screen-x.js';
    render(<RouterProvider router={appWithFailingScreen({ now: true }, failed)} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Bagian aplikasi untuk layar ini tidak dapat diambil. Periksa sinyal, lalu muat ulang aplikasi.',
    );
    expect(screen.queryByRole('button', { name: 'Coba lagi' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Muat ulang aplikasi' })).toBeDefined();
  });

  it('knows the load failures of each browser and of a stylesheet', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: https://x/a.js',
      'Unable to preload CSS for /assets/fact-list-1.css',
    ]) {
      expect(isLoadFailure(new Error(message))).toBe(true);
    }
    expect(isLoadFailure(new Error("Cannot read properties of undefined (reading 'id')"))).toBe(
      false,
    );
    expect(isLoadFailure('dynamically imported module')).toBe(false);
  });
});
