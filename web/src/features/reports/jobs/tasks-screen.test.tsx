// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type Report, type User } from '@urs/sync-protocol';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * "Tugas saya" on the app's own Dexie database (fake-indexeddb): the technician's open jobs in
 * their sections, each card one tap to its report, a long section drawn a page at a time.
 */

const session = vi.hoisted(() => ({ user: null as User | null }));
vi.mock('../../../client/use-session.js', () => ({ useCurrentUser: () => session.user }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({
    children,
    className,
    params,
  }: {
    children: ReactNode;
    className?: string;
    params: { id?: string; templateId?: string; date?: string };
  }) => (
    <a
      className={className}
      href={
        params.id === undefined
          ? `/tasks/rounds/${params.templateId}/${params.date}`
          : `/reports/${params.id}`
      }
    >
      {children}
    </a>
  ),
}));

import { db } from '../../../db/index.js';
import { testUser } from '../../../test/user.js';
import { testReport } from '../../../test/report.js';
import { firstDownloadUnderWay } from '../../../test/sync-fixtures.js';
import { testRoundTemplate } from '../../../test/round.js';
import { useIndonesianComponents } from '../../../test/component-setup.js';
import { TasksScreen } from './tasks-screen.js';
import { TASKS_SHOWN } from './task-list.js';
import { useTaskCounts } from '../rounds/round-queries.js';

useIndonesianComponents();

const AREA = newId();
/** Today in this device's calendar, as the screen reads it. */
const today = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

function job(description: string, overrides: Partial<Report> = {}): Report {
  const me = session.user?.id ?? '';
  return {
    ...testReport(newId(), new Date('2026-11-01T01:00:00.000Z'), 'pending', { reporter: newId() }),
    area_id: AREA,
    description,
    assignee_id: me,
    ...overrides,
  };
}

beforeEach(async () => {
  session.user = testUser({ id: newId(), role: 'technician' });
  await db.areas.put({
    id: AREA,
    name: 'Lab Kimia',
    description: null,
    active: true,
    created_at: '',
    updated_at: '',
  });
});
afterEach(async () => {
  await Promise.all([
    db.reports.clear(),
    db.areas.clear(),
    db.sync_state.clear(),
    db.round_templates.clear(),
  ]);
});

const section = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

describe('<TasksScreen />', () => {
  it('shows my open jobs by section with area, priority, due and status, each linked', async () => {
    const late = job('Keran bocor', { due_date: '2020-01-01', priority: 'urgent' });
    await db.reports.bulkPut([
      late,
      job('Lampu kelas', { due_date: today(), status: 'in_progress' }),
      job('Cat pagar'),
      job('Sudah beres', { status: 'completed' }),
      job('Punya orang lain', { assignee_id: newId() }),
    ]);
    render(<TasksScreen />);
    await screen.findByText('Keran bocor');

    const overdue = section('Terlambat');
    expect(within(overdue).getByTestId('count-overdue').textContent).toBe('1');
    const card = within(overdue).getByRole('link');
    expect(card.getAttribute('href')).toBe(`/reports/${late.id}`);
    // The area's name is read with the cards shown, a moment after them.
    await within(card).findByText('Lab Kimia');
    expect(card.textContent).toContain('Mendesak');
    expect(card.textContent).toContain('Terlambat');
    expect(card.textContent).toContain('Tenggat: 1 Jan 2020');

    expect(within(section('Hari ini')).getByRole('link').textContent).toContain('Dikerjakan');
    expect(within(section('Mendatang')).getByRole('link').textContent).toContain('Tanpa tenggat');
    expect(screen.queryByText('Sudah beres')).toBeNull();
    expect(screen.queryByText('Punya orang lain')).toBeNull();
  });

  it('draws a long section a page at a time', async () => {
    const user = userEvent.setup();
    await db.reports.bulkPut(
      Array.from({ length: TASKS_SHOWN + 5 }, (_, i) => job(`Tugas ${i + 1}`)),
    );
    render(<TasksScreen />);
    await screen.findByText('Tugas 1');
    const upcoming = section('Mendatang');
    expect(within(upcoming).getAllByRole('link')).toHaveLength(TASKS_SHOWN);
    await user.click(within(upcoming).getByRole('button', { name: 'Tampilkan 5 lagi' }));
    expect(within(upcoming).getAllByRole('link')).toHaveLength(TASKS_SHOWN + 5);
  });

  it("splits the jobs by the school's calendar, not the device's zone", async () => {
    // 20:00 UTC on 3 Dec: already 4 Dec, 03:00 at a WIB school, still 3 Dec, 15:00 on a phone
    // set to New York. Only Date is faked: Dexie and React keep their real timers.
    const deviceZone = process.env['TZ'];
    process.env['TZ'] = 'America/New_York';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-03T20:00:00.000Z'));
    try {
      session.user = { ...testUser({ id: newId(), role: 'technician' }), school_utc_offset: 420 };
      await db.reports.bulkPut([
        job('Keran bocor', { due_date: '2026-12-03' }),
        job('Lampu kelas', { due_date: '2026-12-04' }),
        job('Cat pagar', { due_date: '2026-12-05' }),
      ]);
      render(<TasksScreen />);
      await screen.findByText('Keran bocor');
      expect(within(section('Terlambat')).getByRole('link').textContent).toContain('Keran bocor');
      expect(within(section('Hari ini')).getByRole('link').textContent).toContain('Lampu kelas');
      expect(within(section('Mendatang')).getByRole('link').textContent).toContain('Cat pagar');
    } finally {
      vi.useRealTimers();
      if (deviceZone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = deviceZone;
    }
  });

  it('says the jobs are still downloading, not that there are none, during a first download', async () => {
    await firstDownloadUnderWay(db, session.user?.id ?? '', { applied: 1200, total: 17133 });
    render(<TasksScreen />);
    expect((await screen.findByTestId('first-download')).textContent).toContain(
      'Data sedang diunduh... 1.200 dari 17.133',
    );
    expect(screen.queryByTestId('tasks-empty')).toBeNull();
  });

  it('says more may be on the way above the jobs already here during a first download', async () => {
    await db.reports.put(job('Keran bocor', { due_date: '2020-01-01' }));
    await firstDownloadUnderWay(db, session.user?.id ?? '');
    render(<TasksScreen />);
    expect(await screen.findByText('Keran bocor')).toBeDefined();
    expect(screen.getByTestId('first-download').textContent).toContain('Data sedang diunduh...');
  });

  it("reads the open jobs once for the menu's counts and the board, and both follow a change", async () => {
    await db.reports.bulkPut([job('Keran bocor', { due_date: '2020-01-01' }), job('Cat pagar')]);
    const reads = vi.spyOn(db.reports, 'where');
    function MenuCount() {
      const counts = useTaskCounts(session.user);
      return <span data-testid="menu-open">{counts?.open ?? '-'}</span>;
    }
    render(
      <>
        <MenuCount />
        <TasksScreen />
      </>,
    );
    await screen.findByText('Keran bocor');
    expect((await screen.findByTestId('menu-open')).textContent).toBe('2');
    const openJobReads = () =>
      reads.mock.calls.filter(
        ([index]) => typeof index === 'string' && index === '[assignee_id+status]',
      ).length;
    expect(openJobReads()).toBe(1);
    await db.reports.put(job('Lampu kelas'));
    await screen.findByText('Lampu kelas');
    expect(screen.getByTestId('menu-open').textContent).toBe('3');
    // One more read for the change, shared again.
    expect(openJobReads()).toBe(2);
    reads.mockRestore();
  });

  it("puts today's rounds of my role among the jobs, by due time, each one tap to its checklist", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 06:00 at a WIB school on 3 Dec.
    vi.setSystemTime(new Date('2026-12-02T23:00:00.000Z'));
    try {
      session.user = { ...testUser({ id: newId(), role: 'technician' }), school_utc_offset: 420 };
      const round = testRoundTemplate({
        title: 'Cek APAR',
        area_ids: [AREA],
        work_type: 'inspection',
        items: [{ id: 'p', label: 'Tekanan', kind: 'number', unit: 'bar', photo: 'none' }],
        assignee_role: 'technician',
        start_date: '2026-12-01',
        due_time: '09:00',
      });
      await db.round_templates.put(round);
      await db.reports.bulkPut([
        job('Lampu kelas', { due_date: '2026-12-03', due_time: '10:00' }),
        job('Keran bocor', { due_date: '2026-12-03', due_time: '07:00' }),
      ]);
      // The menu's and the dashboard's counts take the rounds too: today's is due today (in
      // the menu's badge), tomorrow's is upcoming (not in the badge).
      function Counts() {
        const counts = useTaskCounts(session.user);
        return <span data-testid="counts">{JSON.stringify(counts ?? null)}</span>;
      }
      render(
        <>
          <Counts />
          <TasksScreen />
        </>,
      );
      await screen.findAllByText('Cek APAR');
      await waitFor(() =>
        expect(JSON.parse(screen.getByTestId('counts').textContent ?? 'null')).toEqual({
          overdue: 0,
          today: 3,
          upcoming: 1,
          open: 3,
        }),
      );
      const todays = section('Hari ini');
      expect(within(todays).getByTestId('count-today').textContent).toBe('3');
      const cards = within(todays).getAllByRole('link');
      expect(cards.map((card) => card.textContent)).toEqual([
        expect.stringContaining('Keran bocor'),
        expect.stringContaining('Cek APAR'),
        expect.stringContaining('Lampu kelas'),
      ]);
      expect(cards[1]?.getAttribute('href')).toBe(`/tasks/rounds/${round.id}/2026-12-03`);
      expect(cards[1]?.textContent).toContain('Rutinitas');
      expect(cards[1]?.textContent).toContain('1 butir');
      // Tomorrow's is the next one, upcoming.
      expect(within(section('Mendatang')).getByRole('link').textContent).toContain('Cek APAR');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when there is nothing to do', async () => {
    render(<TasksScreen />);
    expect((await screen.findByTestId('tasks-empty')).textContent).toContain(
      'Belum ada tugas untuk Anda.',
    );
  });
});
