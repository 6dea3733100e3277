// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type User } from '@urs/sync-protocol';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The inbox and the bell on the app's own Dexie database (fake-indexeddb): the rows are the
 * contract's words in the user's language, a press marks read and opens the subject, "mark all
 * read" queues one mutation, and the bell counts what is unread on the device.
 */

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));
vi.mock('../../client/toast.js');
const navigate = vi.hoisted(() => vi.fn());
vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => navigate,
  Link: ({
    children,
    className,
    ...rest
  }: {
    children: ReactNode;
    className?: string;
    'aria-label'?: string;
    'data-testid'?: string;
  }) => (
    <a className={className} aria-label={rest['aria-label']} data-testid={rest['data-testid']}>
      {children}
    </a>
  ),
}));
// This browser (jsdom) has no Push API: the screen says so and the inbox works all the same.

import { db } from '../../db/index.js';
import { claimLocalData } from '../../sync/index.js';
import { applyLanguage } from '../../lib/i18n.js';
import { testUser } from '../../test/user.js';
import { useIndonesianComponents } from '../../test/component-setup.js';
import { NotificationBell } from './notification-bell.js';
import { NotificationsScreen } from './notifications-screen.js';
import { inboxRow } from './test-fixtures.js';

useIndonesianComponents(navigate);

let me: User;

beforeEach(async () => {
  me = testUser({ id: newId(), role: 'technician' });
  session.user = me;
  await claimLocalData(db, me.id);
});
afterEach(async () => {
  await Promise.all([db.notifications.clear(), db.outbox.clear(), db.notification_prefs.clear()]);
});

const reportId = newId();
const assigned = () =>
  inboxRow(me.id, 5, {
    kind: 'job_assigned',
    subject_type: 'reports',
    subject_id: reportId,
    params: { actor: 'Rahmat', report: 'Keran bocor di toilet guru' },
    priority: 'urgent',
  });

describe('<NotificationsScreen />', () => {
  it('says so when there is nothing, and that this browser has no push', async () => {
    render(<NotificationsScreen />);
    expect((await screen.findByTestId('inbox-empty')).textContent).toContain(
      'Belum ada notifikasi',
    );
    expect((await screen.findByTestId('push-setup')).dataset['state']).toBe('unsupported');
    expect(screen.queryByRole('button', { name: 'Tandai semua dibaca' })).toBeNull();
  });

  it("shows each row in the contract's words, newest first, and opens one marking it read", async () => {
    const job = assigned();
    const approved = inboxRow(me.id, 1);
    await db.notifications.bulkPut([approved, job]);
    const user = userEvent.setup();
    render(<NotificationsScreen />);
    const rows = await screen.findAllByTestId('notification');
    expect(rows.map((row) => row.querySelector('.nt-title')?.textContent)).toEqual([
      'Pekerjaan mendesak untuk Anda',
      'Permintaan REQ-2026-000001 disetujui',
    ]);
    const first = rows[0];
    if (first === undefined) throw new Error('no row');
    expect(first.textContent).toContain('Rahmat menugaskan Anda: Keran bocor di toilet guru');
    expect(first.textContent).toContain('Mendesak');
    expect(within(first).getByRole('link').getAttribute('href')).toBe(`/reports/${reportId}`);

    await user.click(within(first).getByRole('link'));
    expect(navigate).toHaveBeenCalledWith({ href: `/reports/${reportId}` });
    await waitFor(async () => expect((await db.notifications.get(job.id))?.read_at).not.toBeNull());
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation).toMatchObject({ name: 'notification.read', args: { id: job.id } });
  });

  it('marks all read in one mutation, and reads in English', async () => {
    await db.notifications.bulkPut([inboxRow(me.id, 1), inboxRow(me.id, 2), assigned()]);
    const user = userEvent.setup();
    applyLanguage('en');
    try {
      render(<NotificationsScreen />);
      await screen.findByText('An urgent job for you');
      await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
      await waitFor(() => expect(screen.queryAllByText('Unread')).toHaveLength(0));
      const entries = await db.outbox.toArray();
      expect(entries.map((e) => e.mutation.name)).toEqual(['notification.read_all']);
      expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    } finally {
      applyLanguage('id');
    }
  });

  it('saves a preference at once through the outbox', async () => {
    const user = userEvent.setup();
    render(<NotificationsScreen />);
    const lowStock = await screen.findByRole('checkbox', { name: 'Stok menipis' });
    await waitFor(() => expect(lowStock).toHaveProperty('disabled', false));
    expect(lowStock).toHaveProperty('checked', true);
    await user.click(lowStock);
    await waitFor(() => expect(lowStock).toHaveProperty('checked', false));
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation).toMatchObject({
      name: 'notification_prefs.set',
      args: { id: me.id, push: { low_stock: false } },
    });
  });
});

describe('with notifications denied for the site', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says so plainly, offers no button that cannot work, and the inbox and bell go on', async () => {
    // A browser with push whose user blocked notifications for the site.
    const subscribe = vi.fn();
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'denied', requestPermission: vi.fn() });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: () =>
          Promise.resolve({ pushManager: { subscribe, getSubscription: () => null } }),
      },
    });
    await db.notifications.bulkPut([assigned(), inboxRow(me.id, 1)]);
    render(
      <>
        <NotificationBell userId={me.id} />
        <NotificationsScreen />
      </>,
    );
    const setup = await screen.findByTestId('push-setup');
    await waitFor(() => expect(setup.dataset['state']).toBe('denied'));
    expect(setup.textContent).toContain('Notifikasi diblokir untuk situs ini');
    expect(setup.textContent).toContain('tetap diperbarui setiap kali aplikasi tersinkron');
    expect(within(setup).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('push-on')).toBeNull();
    expect(subscribe).not.toHaveBeenCalled();
    // The inbox lists what the sync brought, and the bell counts it, push or no push.
    expect(await screen.findAllByTestId('notification')).toHaveLength(2);
    expect((await screen.findByTestId('bell-count')).textContent).toBe('2');
    // A notification the next poll's sync brings shows at once in both.
    await db.notifications.put(inboxRow(me.id, 3));
    await waitFor(() => expect(screen.getAllByTestId('notification')).toHaveLength(3));
    await waitFor(() => expect(screen.getByTestId('bell-count').textContent).toBe('3'));
  });
});

describe('<NotificationBell />', () => {
  it('counts the unread notifications on the device, and shows no number when all is read', async () => {
    const job = assigned();
    await db.notifications.bulkPut([
      job,
      inboxRow(me.id, 1),
      inboxRow(me.id, 2, { read_at: job.created_at }),
    ]);
    render(<NotificationBell userId={me.id} />);
    expect((await screen.findByTestId('bell-count')).textContent).toBe('2');
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
      'Notifikasi: 2 belum dibaca',
    );
    await db.notifications.toCollection().modify({ read_at: job.created_at });
    await waitFor(() => expect(screen.queryByTestId('bell-count')).toBeNull());
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifikasi');
  });
});
