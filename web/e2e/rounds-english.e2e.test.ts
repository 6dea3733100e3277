/**
 * Issue 41's screens in English (the other e2e looks at them in Indonesian): `/tasks` with a
 * round and a round being done at 390 px, `/admin/rounds` and its compliance at 1366 px, for
 * the screenshots (web/screenshots) and for what they say: English words, no Indonesian left,
 * nothing wider than the phone.
 *
 * Needs `npx turbo run build --filter=@urs/web --filter=@urs/scripts` first.
 */
import { newId, schoolDay } from '@urs/sync-protocol';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  CUSTODIAN,
  HIDE_TOASTS,
  apiCall,
  apiGet,
  apiToken,
  openPageAt,
  signInAndSync,
  storeRows,
  useApiToken,
} from './app-kit.js';
import { SCREENSHOT_DIR, shareServerAndBrowser } from './harness.js';

const run = shareServerAndBrowser();
const admin = useApiToken(run, ADMIN);
const custodian = useApiToken(run, CUSTODIAN);

async function setLanguage(token: string, language: 'id' | 'en'): Promise<void> {
  const res = await apiCall(run.server.url, token, 'POST', '/api/profile/preferences', {
    preferred_language: language,
  });
  expect(res.status).toBe(200);
}

afterAll(async () => {
  for (const who of [ADMIN, CUSTODIAN]) {
    await setLanguage(await apiToken(run.server.url, who), 'id');
  }
});

describe('rounds in English', () => {
  it('reads in English at 390 px and 1366 px', async () => {
    await setLanguage(admin.token, 'en');
    await setLanguage(custodian.token, 'en');
    const me = await apiGet<{ user: { school_utc_offset?: number } }>(
      run.server.url,
      admin.token,
      '/api/user',
    );
    const today = schoolDay(Date.now(), me.user.school_utc_offset ?? 420);
    const areas = await apiGet<{ data: { id: string }[] }>(
      run.server.url,
      admin.token,
      '/api/areas?per_page=100',
    );
    const templateId = newId();
    const created = await apiCall(run.server.url, admin.token, 'POST', '/api/rounds/templates', {
      id: templateId,
      title: 'Building B toilets',
      area_ids: areas.data.slice(0, 2).map((a) => a.id),
      work_type: 'cleaning',
      items: [
        { id: 'floor', label: 'Floor dry', kind: 'pass_fail_na', photo: 'on_fail' },
        { id: 'soap', label: 'Soap left', kind: 'number', unit: 'bottles' },
        { id: 'smell', label: 'Smell', kind: 'text' },
      ],
      assignee_role: 'custodian',
      schedule: { kind: 'weekdays', weekdays: [1, 2, 3, 4, 5, 6, 7] },
      start_date: today,
      due_time: '23:59',
    });
    expect(created.status).toBeLessThan(300);

    const phone = await openPageAt(run, 390, { csp: true });
    await signInAndSync(phone.page, run.server.url, CUSTODIAN, 'en');
    await expect
      .poll(async () => (await storeRows<{ id: string }>(phone.page, 'round_templates')).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await phone.page.goto(`${run.server.url}/tasks`);
    const card = phone.page.locator(`[data-round="${templateId}:${today}"]`);
    await card.waitFor({ timeout: 30_000 });
    await phone.page.addStyleTag({ content: HIDE_TOASTS });
    const wide = () =>
      phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(await wide()).toBe(false);
    expect(await phone.page.locator('main').innerText()).toMatch(/Today/);
    await phone.page.screenshot({
      path: `${SCREENSHOT_DIR}/rounds-tasks-390-en.png`,
      fullPage: true,
    });

    await card.click();
    await phone.page.waitForURL((url) => url.pathname === `/tasks/rounds/${templateId}/${today}`);
    await phone.page.getByTestId('answer-floor-fail').click();
    await phone.page.getByTestId('answer-soap-number').fill('2');
    const form = await phone.page.locator('main').innerText();
    expect(form).toContain('Floor dry');
    expect(form).not.toMatch(/\b(Kirim|Catatan|Lulus|Gagal|butir)\b/);
    expect(await wide()).toBe(false);
    await phone.page.screenshot({
      path: `${SCREENSHOT_DIR}/rounds-form-390-en.png`,
      fullPage: true,
    });

    const desk = await openPageAt(run, 1366, { csp: true });
    await signInAndSync(desk.page, run.server.url, ADMIN, 'en');
    await desk.page.goto(`${run.server.url}/admin/rounds`);
    await desk.page
      .getByTestId('round-templates')
      .getByText('Building B toilets')
      .waitFor({ timeout: 30_000 });
    await desk.page.addStyleTag({ content: HIDE_TOASTS });
    const admin1366 = await desk.page.locator('main').innerText();
    expect(admin1366).not.toMatch(/\b(Rutinitas|Setiap hari|Petugas kebersihan|Jeda)\b/);
    await desk.page.screenshot({
      path: `${SCREENSHOT_DIR}/rounds-admin-1366-en.png`,
      fullPage: true,
    });
    await desk.page.getByTestId('tab-compliance').click();
    await desk.page.getByTestId('compliance-by-template').waitFor({ timeout: 30_000 });
    await desk.page.screenshot({
      path: `${SCREENSHOT_DIR}/rounds-compliance-1366-en.png`,
      fullPage: true,
    });
    await phone.context.close();
    await desk.context.close();
  }, 240_000);
});
