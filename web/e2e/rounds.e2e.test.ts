/**
 * Issue 41's round end to end in a real Chromium against the real server (decision 030): the
 * admin makes a daily round for custodians; the custodian's phone syncs once and loses the
 * network for the day, opens /tasks, does the round with a failed item that raises a report
 * (its photo too), and comes back online; the admin on a desktop then sees the round done on
 * time with its linked report, and compliance and the month's calendar counting it.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import { newId, schoolDay, type RoundCompliance } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  ADMIN,
  CUSTODIAN,
  HIDE_TOASTS,
  apiCall,
  apiGet,
  downloadPdf,
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

async function syncAll(page: Page) {
  await syncNow(page);
  await expect.poll(() => outboxCount(page), { timeout: 30_000 }).toBe(0);
}

/** The school's day now, in the offset the server tells its users. */
async function schoolToday(): Promise<string> {
  const me = await apiGet<{ user: { school_utc_offset?: number } }>(
    run.server.url,
    admin.token,
    '/api/user',
  );
  const offset = me.user.school_utc_offset ?? 420;
  return schoolDay(Date.now(), offset);
}

async function firstArea(): Promise<{ id: string; name: string }> {
  const areas = await apiGet<{ data: { id: string; name: string }[] }>(
    run.server.url,
    admin.token,
    '/api/areas?per_page=100',
  );
  const area = areas.data[0];
  if (area === undefined) throw new Error('no area in the seed');
  return area;
}

describe('a round done offline on the phone, seen by the admin', () => {
  it('is done at 390 px offline with a failed item that raises a report, and counted on time', async () => {
    const today = await schoolToday();
    const area = await firstArea();
    const templateId = newId();
    const title = `Cek toilet e2e ${templateId.slice(-4)}`;
    const created = await apiCall(run.server.url, admin.token, 'POST', '/api/rounds/templates', {
      id: templateId,
      title,
      area_ids: [area.id],
      work_type: 'cleaning',
      items: [
        { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', photo: 'on_fail' },
        { id: 'soap', label: 'Sabun tersisa', kind: 'number', unit: 'botol' },
        { id: 'smell', label: 'Bau', kind: 'text' },
      ],
      assignee_role: 'custodian',
      schedule: { kind: 'daily' },
      start_date: today,
    });
    expect(created.status).toBeLessThan(300);

    // The phone syncs at the start of the day, then has no signal.
    const phone = await openPageAt(run, 390, { csp: true });
    await signInAndSync(phone.page, run.server.url, CUSTODIAN);
    await expect
      .poll(async () => (await storeRows<{ id: string }>(phone.page, 'round_templates')).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await phone.context.setOffline(true);
    await phone.page.goto(`${run.server.url}/tasks`);
    const card = phone.page.locator(`[data-round="${templateId}:${today}"]`);
    await card.waitFor();
    await phone.page.addStyleTag({ content: HIDE_TOASTS });
    await phone.page.screenshot({ path: `${SCREENSHOT_DIR}/rounds-tasks-390.png`, fullPage: true });
    await card.click();
    await phone.page.waitForURL((url) => url.pathname === `/tasks/rounds/${templateId}/${today}`);

    // Submitting with nothing answered says what is missing and queues nothing.
    await phone.page.getByTestId('round-submit').click();
    await phone.page.getByText('Jawab butir ini.').first().waitFor();
    expect(await outboxCount(phone.page)).toBe(0);

    await phone.page.getByTestId('answer-floor-fail').click();
    await phone.page.getByTestId('note-floor').fill('Genangan dekat wastafel');
    await phone.page.getByTestId('photo-floor').setInputFiles({
      name: 'lantai.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg(phone.page, '#1565c0'),
    });
    await phone.page.locator('[data-item="floor"] .rd-thumb img').waitFor();
    await phone.page.getByTestId('raise-floor').check();
    await phone.page.getByTestId('answer-soap-number').fill('2');
    await phone.page.getByTestId('answer-smell-text').fill('Tidak berbau');
    await phone.page.screenshot({ path: `${SCREENSHOT_DIR}/rounds-form-390.png`, fullPage: true });
    await phone.page.getByTestId('round-submit').click();
    await phone.page.getByTestId('round-done').waitFor();
    // The completion, the report and its photo: queued, in that order.
    expect(await outboxCount(phone.page)).toBe(3);
    // The report is on the phone at once, linked to the round.
    await phone.page.getByTestId('report-floor').waitFor();
    await phone.page.getByTestId('round-proof').waitFor();
    await phone.page.screenshot({ path: `${SCREENSHOT_DIR}/rounds-done-390.png`, fullPage: true });
    // Its proof sheet is made on the phone, offline.
    const pdf = await downloadPdf(phone.page, 'Cetak bukti (PDF)');
    expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');

    // Touch targets of the round screen on the phone.
    const small = await phone.page.evaluate(
      () =>
        [...document.querySelectorAll<HTMLElement>('.rd-done button, .rd-done a')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.width > 0 && (r.height < 44 || r.width < 44)).length,
    );
    expect(small).toBe(0);

    await phone.context.setOffline(false);
    await syncAll(phone.page);
    const completions = await storeRows<{ id: string; closing: boolean; template_id: string }>(
      phone.page,
      'round_completions',
    );
    const mine = completions.find((c) => c.template_id === templateId);
    expect(mine?.closing).toBe(true);

    // The admin sees it done, the report linked to it, and compliance counting it on time.
    const desk = await openPageAt(run, 1366, { csp: true });
    await signInAndSync(desk.page, run.server.url, ADMIN);
    await desk.page.goto(`${run.server.url}/tasks/rounds/${templateId}/${today}`);
    await desk.page.getByTestId('round-done').waitFor({ timeout: 30_000 });
    await desk.page.getByText('Genangan dekat wastafel').first().waitFor();
    await desk.page.addStyleTag({ content: HIDE_TOASTS });
    await desk.page.screenshot({ path: `${SCREENSHOT_DIR}/rounds-done-1366.png`, fullPage: true });
    const linked = desk.page.getByTestId('report-floor');
    await linked.waitFor({ timeout: 30_000 });
    await linked.click();
    await desk.page.waitForURL((url) => url.pathname.startsWith('/reports/'));
    await desk.page.getByText('Lantai kering').first().waitFor();

    const compliance = await apiGet<RoundCompliance | { data: RoundCompliance }>(
      run.server.url,
      admin.token,
      `/api/rounds/compliance?from=${today}&to=${today}`,
    );
    const counts = ('data' in compliance ? compliance.data : compliance).by_template.find(
      (row) => row.template_id === templateId,
    );
    expect(counts).toMatchObject({ on_time: 1, late: 0, missed: 0 });

    await desk.page.goto(`${run.server.url}/admin/rounds`);
    await desk.page.getByTestId('round-templates').getByText(title).waitFor({ timeout: 30_000 });
    await desk.page.addStyleTag({ content: HIDE_TOASTS });
    await desk.page.screenshot({ path: `${SCREENSHOT_DIR}/rounds-admin-1366.png`, fullPage: true });
    await desk.page.getByTestId('tab-compliance').click();
    const byTemplate = desk.page.getByTestId('compliance-by-template');
    const row = byTemplate.getByRole('row', { name: new RegExp(title) });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.locator('.ra-on-time').innerText()).toBe('1');
    await desk.page.addStyleTag({ content: HIDE_TOASTS });
    await desk.page.screenshot({
      path: `${SCREENSHOT_DIR}/rounds-compliance-1366.png`,
      fullPage: true,
    });
    await desk.page.getByTestId('tab-calendar').click();
    const cell = desk.page.locator(`.ra-day-cell[data-date="${today}"] .ra-on-time`);
    await cell.waitFor({ timeout: 30_000 });
    expect(Number(await cell.innerText())).toBeGreaterThanOrEqual(1);
    await desk.page.screenshot({
      path: `${SCREENSHOT_DIR}/rounds-calendar-1366.png`,
      fullPage: true,
    });
    await phone.context.close();
    await desk.context.close();
  }, 240_000);
});
