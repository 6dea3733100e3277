// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type Report, type ReportDetailPhoto } from '@urs/sync-protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * A report's job panel and timeline on the app's own Dexie database (fake-indexeddb): what the
 * contract's table lets each user do, the completion that waits for an after photo, the admin's
 * plan, and the timeline in plain words, each change shown before it is sent.
 */

vi.mock('../../../client/toast.js');

import { db } from '../../../db/index.js';
import { claimLocalData } from '../../../sync/index.js';
import { dialogs } from '../../../client/dialog.js';
import { testReport } from '../../../test/report.js';
import { useIndonesianComponents } from '../../../test/component-setup.js';
import type { ReportView } from '../detail/report-detail-source.js';
import { JobPanel } from './job-panel.js';
import { ReportTimeline } from './report-timeline.js';

useIndonesianComponents();

const TECH = { id: newId(), role: 'technician' as const };
const ADMIN = { id: newId(), role: 'admin' as const };
const user = (id: string, name: string, role: 'admin' | 'technician') => ({
  id,
  name,
  role,
  photo_url: null,
  created_at: '',
  updated_at: '',
});

function view(report: Report, photos: ReportDetailPhoto[] = []): ReportView {
  return {
    report,
    photos,
    names: { reporter: 'Rahmat', assignee: report.assignee_id === TECH.id ? 'Bambang' : undefined },
    source: 'device',
  };
}

const before: ReportDetailPhoto = {
  id: newId(),
  kind: 'before',
  position: 0,
  mime_type: 'image/jpeg',
  size_bytes: 10,
};

let report: Report;
beforeEach(async () => {
  report = {
    ...testReport(newId(), new Date('2026-12-01T01:00:00.000Z'), 'in_progress', {
      reporter: ADMIN.id,
    }),
    assignee_id: TECH.id,
    due_date: '2020-01-02',
  };
  await db.users.bulkPut([
    user(TECH.id, 'Bambang', 'technician'),
    user(ADMIN.id, 'Rahmat', 'admin'),
  ]);
  await db.reports.put(report);
});
afterEach(async () => {
  await Promise.all([
    db.reports.clear(),
    db.users.clear(),
    db.report_events.clear(),
    db.report_photos.clear(),
    db.outbox.clear(),
  ]);
});

const actionNames = () =>
  within(screen.getByRole('group', { name: 'Tindakan pekerjaan' }))
    .getAllByRole('button')
    .map((button) => button.textContent);

describe('<JobPanel />', () => {
  it('shows the assignee, the due day as overdue, and the assignee’s own actions', () => {
    render(<JobPanel view={view(report)} user={TECH} />);
    expect(screen.getByTestId('job-assignee').textContent).toBe('Bambang');
    expect(screen.getByTestId('job-due').textContent).toContain('Terlambat');
    expect(actionNames()).toEqual(['Tandai selesai', 'Kembalikan tugas']);
    expect(screen.queryByText('Atur pekerjaan')).toBeNull();
  });

  it('does not complete a job with before photos until it has an after photo', async () => {
    await claimLocalData(db, TECH.id);
    await db.reports.put(report);
    await db.report_photos.put({
      ...before,
      report_id: report.id,
      sha256: 'a'.repeat(64),
      captured_at: null,
      created_at: '',
      updated_at: '',
    });
    const ui = userEvent.setup();
    const addPhoto = vi.fn();
    render(<JobPanel view={view(report, [before])} user={TECH} onAddAfterPhoto={addPhoto} />);
    const needed = screen.getByTestId('after-photo-needed');
    await ui.click(within(needed).getByRole('button', { name: 'Tambah foto sesudah' }));
    expect(addPhoto).toHaveBeenCalledTimes(1);

    await ui.click(screen.getByRole('button', { name: 'Tandai selesai' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Tambahkan minimal satu foto sesudah',
    );
    expect(await db.outbox.count()).toBe(0);
  });

  it('hands the job back after asking, and shows it at once', async () => {
    await claimLocalData(db, TECH.id);
    const ui = userEvent.setup();
    render(<JobPanel view={view(report)} user={TECH} />);
    await ui.click(screen.getByRole('button', { name: 'Kembalikan tugas' }));
    const asked = dialogs.current();
    expect(asked?.options.title).toBe('Kembalikan tugas ini?');
    dialogs.close(asked?.id ?? 0, { confirmed: true });
    await waitFor(async () =>
      expect(await db.reports.get(report.id)).toMatchObject({
        assignee_id: null,
        status: 'pending',
      }),
    );
    expect((await db.outbox.toArray()).map((entry) => entry.mutation.name)).toEqual([
      'report.hand_back',
    ]);
  });

  it('lets an admin plan it: a new priority and due day go as one set_job', async () => {
    await claimLocalData(db, ADMIN.id);
    await db.users.bulkPut([user(TECH.id, 'Bambang', 'technician')]);
    await db.reports.put(report);
    const ui = userEvent.setup();
    render(<JobPanel view={view(report)} user={ADMIN} />);
    expect(actionNames()).toEqual(['Tandai selesai', 'Batalkan pekerjaan']);
    const save = screen.getByRole('button', { name: 'Simpan pengaturan' });
    expect(save).toHaveProperty('disabled', true);
    await ui.selectOptions(screen.getByLabelText('Prioritas'), 'urgent');
    await ui.clear(screen.getByLabelText('Tanggal tenggat'));
    await ui.type(screen.getByLabelText('Tanggal tenggat'), '2026-12-20');
    await ui.click(save);
    await waitFor(async () => expect(await db.outbox.count()).toBe(1));
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation.name).toBe('report.set_job');
    expect(entry?.mutation.args).toMatchObject({ priority: 'urgent', due_date: '2026-12-20' });
    expect(entry?.mutation.args).not.toHaveProperty('assignee_id');
  });
});

describe('<ReportTimeline />', () => {
  it('tells who did what and when in plain words, newest last, the unsent marked', async () => {
    await claimLocalData(db, ADMIN.id);
    await db.users.bulkPut([
      user(TECH.id, 'Bambang', 'technician'),
      user(ADMIN.id, 'Rahmat', 'admin'),
    ]);
    await db.reports.put(report);
    await db.report_events.put({
      id: newId(),
      report_id: report.id,
      actor_id: ADMIN.id,
      kind: 'job',
      changes: { assignee_id: [null, TECH.id], priority: ['normal', 'high'] },
      body: null,
      kept: false,
      occurred_at: '2026-12-01T02:00:00.000Z',
      created_at: '2026-12-01T02:00:00.000Z',
      updated_at: '2026-12-01T02:00:00.000Z',
    });
    const ui = userEvent.setup();
    render(<ReportTimeline view={view(report)} user={ADMIN} mayComment />);
    await screen.findByText('Rahmat menugaskan ke Bambang');
    expect(screen.getByText('Rahmat mengubah prioritas menjadi Tinggi')).toBeTruthy();

    await ui.type(screen.getByLabelText('Komentar'), 'Tolong hari ini ya');
    await ui.click(screen.getByRole('button', { name: 'Kirim komentar' }));
    const comment = (await screen.findByText('Tolong hari ini ya', { selector: 'p' })).closest(
      'li',
    );
    expect(comment?.textContent).toContain('Rahmat berkomentar');
    expect(within(comment as HTMLElement).getByTestId('unsynced').textContent).toBe(
      'Belum terkirim',
    );
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('Rahmat membuat laporan ini');
    expect(items.at(-1)).toContain('Tolong hari ini ya');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Komentar').value).toBe('');
  });
});
