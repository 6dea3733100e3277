/**
 * Issue 40's job loop end to end in a real Chromium against the real server (decision 028):
 * the admin assigns a report on a desktop; the technician's phone, offline, shows it in
 * /tasks, starts it, is held back from completing it until it has an after photo, adds one,
 * completes it, and comes back online; the admin then sees it completed with the whole
 * timeline. Second: a job reassigned while the technician is offline and completes it keeps
 * the completion, and leaves the technician's phone once it is sent.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import { newId, PROTOCOL_VERSION, schoolDay, type ReportDetail } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  HIDE_TOASTS,
  TECHNICIAN,
  apiCall,
  apiGet,
  makeJpeg,
  openPageAt,
  outboxCount,
  signInAndSync,
  storeRows,
  syncNow,
  useApiToken,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();
const admin = useApiToken(run, ADMIN);

interface ListRow {
  id: string;
  description: string;
  reporter: { id: string; name: string };
}

/** The school's day (the server's default SCHOOL_UTC_OFFSET, +07:00): what /tasks calls today. */
function today(): string {
  return schoolDay(Date.now(), 7 * 60);
}

async function userId(email: string): Promise<string> {
  const users = await apiGet<{ data: { id: string; email: string }[] }>(
    run.server.url,
    admin.token,
    '/api/users?per_page=100',
  );
  const user = users.data.find((u) => u.email === email);
  if (user === undefined) throw new Error(`no user ${email}`);
  return user.id;
}

const detail = async (id: string) =>
  (await apiGet<{ data: ReportDetail }>(run.server.url, admin.token, `/api/reports/${id}`)).data;

/**
 * A pending report with before photos that the technician neither filed nor holds (the seed may
 * have given it to someone else already).
 */
async function pendingReport(technicianId: string) {
  const list = await apiGet<{ data: ListRow[] }>(
    run.server.url,
    admin.token,
    '/api/reports?status=pending&per_page=100',
  );
  for (const row of list.data) {
    if (row.reporter.id === technicianId) continue;
    const full = await detail(row.id);
    if (full.assignee_id === technicianId) continue;
    if (full.photos.some((photo) => photo.kind === 'before')) return full;
  }
  throw new Error('no pending report with before photos in the seed');
}

/** The admin's own push, as another device of theirs would send it. */
async function adminPush(mutations: { name: string; args: unknown }[]) {
  const res = await apiCall(run.server.url, admin.token, 'POST', '/api/sync/push', {
    protocol_version: PROTOCOL_VERSION,
    client_id: newId(),
    mutations: mutations.map((mutation, i) => ({
      id: newId(),
      seq: i + 1,
      at: new Date().toISOString(),
      ...mutation,
    })),
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { status: string }[] };
  expect(body.results.map((result) => result.status)).toEqual(mutations.map(() => 'applied'));
}

/** Syncs now and waits until nothing is left to send. */
async function syncAll(page: Page) {
  await syncNow(page);
  await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
}

const onDevice = async (page: Page, id: string) =>
  (await storeRows<{ id: string }>(page, 'reports')).some((row) => row.id === id);

const timelineText = (page: Page) => page.getByTestId('timeline').innerText();

describe('a job from the admin’s desk to an offline technician and back', () => {
  it('is assigned on the desktop, done offline on the phone with its after photo, and seen completed', async () => {
    const technicianId = await userId(TECHNICIAN.email);
    const job = await pendingReport(technicianId);

    const phone = await openPageAt(run, 390, { csp: true });
    await signInAndSync(phone.page, run.server.url, TECHNICIAN);
    expect(await onDevice(phone.page, job.id)).toBe(false);

    // The admin plans it on the desktop: Bambang, high priority, due today.
    const desk = await openPageAt(run, 1366, { csp: true });
    await signInAndSync(desk.page, run.server.url, ADMIN);
    await desk.page.goto(`${run.server.url}/reports/${job.id}`);
    const panel = desk.page.getByTestId('job-panel');
    await panel.waitFor();
    await panel.getByLabel('Petugas', { exact: true }).selectOption(technicianId);
    await panel.getByLabel('Prioritas').selectOption('high');
    await panel.getByLabel('Tanggal tenggat').fill(today());
    await panel.getByRole('button', { name: 'Simpan pengaturan' }).click();
    // Assigned, or taken from whoever the seed gave it to.
    const assigned = /Rahmat Hidayat (menugaskan|mengalihkan dari .+) ke Bambang Prasetyo/;
    await desk.page.getByText(assigned).waitFor();
    await syncAll(desk.page);

    // The phone syncs once, then loses the network: the job is on it, in today's tasks.
    await syncAll(phone.page);
    await expect.poll(() => onDevice(phone.page, job.id), { timeout: 30_000 }).toBe(true);
    await phone.context.setOffline(true);
    await phone.page.goto(`${run.server.url}/tasks`);
    const card = phone.page
      .getByRole('region', { name: /^Hari ini/ })
      .locator(`[data-report-id="${job.id}"]`);
    await card.getByText('Tinggi').waitFor();
    await card.getByRole('link').click();
    await phone.page.waitForURL((url) => url.pathname === `/reports/${job.id}`);

    const jobPanel = phone.page.getByTestId('job-panel');
    await jobPanel.getByRole('button', { name: 'Mulai kerjakan' }).click();
    await phone.page.locator('.rp-status', { hasText: 'Dikerjakan' }).waitFor();
    // Its before photos call for an after photo: the phone says so and queues nothing.
    await phone.page.getByTestId('after-photo-needed').waitFor();
    await jobPanel.getByRole('button', { name: 'Tandai selesai' }).click();
    await jobPanel
      .getByRole('alert')
      .getByText(/foto sesudah/)
      .waitFor();
    expect(await outboxCount(phone.page)).toBe(1);

    await phone.page.getByTestId('add-photo-gallery-after').setInputFiles({
      name: 'sesudah.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(phone.page, '#2e7d32'),
    });
    await phone.page.getByRole('region', { name: 'Foto sesudah' }).locator('img').first().waitFor();
    await phone.page.getByTestId('after-photo-needed').waitFor({ state: 'detached' });
    await jobPanel.getByRole('button', { name: 'Tandai selesai' }).click();
    await phone.page.locator('.rp-status', { hasText: 'Selesai' }).waitFor();
    await expect.poll(() => timelineText(phone.page)).toContain('menyelesaikan pekerjaan');
    expect(await phone.page.getByTestId('timeline').getByTestId('unsynced').count()).toBe(2);
    expect(await outboxCount(phone.page)).toBe(3);
    await phone.page.addStyleTag({ content: HIDE_TOASTS });
    await phone.page.screenshot({
      path: `${SCREENSHOT_DIR}/jobs-offline-done-390.png`,
      fullPage: true,
    });

    // Back online, it goes out; the job has left the phone's tasks but stays its report.
    await phone.context.setOffline(false);
    await syncAll(phone.page);
    await phone.page.getByTestId('timeline').getByTestId('unsynced').first().waitFor({
      state: 'detached',
    });
    await phone.page.goto(`${run.server.url}/tasks`);
    await phone.page.getByRole('heading', { name: 'Tugas Saya' }).waitFor();
    expect(await phone.page.locator(`[data-report-id="${job.id}"]`).count()).toBe(0);

    // The admin sees it completed, with the after photo and the whole timeline.
    await syncAll(desk.page);
    await desk.page.reload();
    await desk.page.locator('.rp-status', { hasText: 'Selesai' }).waitFor({ timeout: 30_000 });
    await desk.page.getByRole('region', { name: 'Foto sesudah' }).locator('img').first().waitFor();
    const timeline = await timelineText(desk.page);
    const order = [
      /membuat laporan ini/,
      assigned,
      /Bambang Prasetyo mulai mengerjakan/,
      /Bambang Prasetyo menyelesaikan pekerjaan/,
    ].map((line) => timeline.search(line));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await desk.page.addStyleTag({ content: HIDE_TOASTS });
    await desk.page.screenshot({
      path: `${SCREENSHOT_DIR}/jobs-admin-sees-done-1366.png`,
      fullPage: true,
    });

    const server = await detail(job.id);
    expect(server).toMatchObject({
      status: 'completed',
      assignee_id: technicianId,
      priority: 'high',
    });
    expect(server.completed_at).not.toBeNull();
    // This test's own three, after whatever the seed recorded before.
    expect(server.events?.map((event) => event.kind).slice(-3)).toEqual([
      'job',
      'status',
      'status',
    ]);
    await phone.context.close();
    await desk.context.close();
  }, 240_000);

  it('keeps a completion made offline after the job was given to someone else, and lets the job go', async () => {
    const technicianId = await userId(TECHNICIAN.email);
    const otherId = await userId('hendra.wijaya@urs.sch.id');
    const areas = await apiGet<{ data: { id: string }[] }>(
      run.server.url,
      admin.token,
      '/api/areas?per_page=1',
    );
    // A problem the admin files for someone else to fix, then gives to Bambang.
    const job = { id: newId() };
    await adminPush([
      {
        name: 'report.create',
        args: {
          id: job.id,
          area_id: areas.data[0]?.id,
          work_type: 'repair',
          description: 'Engsel pintu gudang lepas',
          unassigned: true,
        },
      },
      {
        name: 'report.set_job',
        args: { id: job.id, event_id: newId(), assignee_id: technicianId },
      },
    ]);
    expect((await detail(job.id)).origin).toBe('staff');

    const phone = await openPageAt(run, 390, { csp: true });
    await signInAndSync(phone.page, run.server.url, TECHNICIAN);
    await expect.poll(() => onDevice(phone.page, job.id), { timeout: 30_000 }).toBe(true);
    await phone.context.setOffline(true);
    await phone.page.goto(`${run.server.url}/reports/${job.id}`);
    await phone.page
      .getByTestId('job-panel')
      .getByRole('button', { name: 'Tandai selesai' })
      .click();
    await phone.page.locator('.rp-status', { hasText: 'Selesai' }).waitFor();

    // Meanwhile the admin gives it to Hendra.
    await adminPush([
      { name: 'report.set_job', args: { id: job.id, event_id: newId(), assignee_id: otherId } },
    ]);

    await phone.context.setOffline(false);
    await syncAll(phone.page);
    // The work done is kept; the job, no longer Bambang's, leaves his phone with its timeline.
    const server = await detail(job.id);
    expect(server).toMatchObject({ status: 'completed', assignee_id: otherId });
    // The timeline is in the order things happened: the completion, then the reassignment.
    expect(server.events?.map((event) => event.kind)).toEqual(['job', 'status', 'job']);
    await syncAll(phone.page);
    await expect.poll(() => onDevice(phone.page, job.id), { timeout: 30_000 }).toBe(false);
    const events = await storeRows<{ report_id: string }>(phone.page, 'report_events');
    expect(events.filter((event) => event.report_id === job.id)).toEqual([]);
    await phone.context.close();
  }, 180_000);

  it('saw no uncaught errors and no CSP violations along the way', () => {
    expect(run.problems).toEqual([]);
  });
});
