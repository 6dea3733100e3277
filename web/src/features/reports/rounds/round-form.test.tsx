// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { newId, type Area } from '@urs/sync-protocol';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

/*
 * The round's checklist on the app's own Dexie database (fake-indexeddb): the contract's rule
 * marks each item not answered or missing its photo, in both languages, and nothing is queued
 * until the checklist is whole; then one `round.complete` is, with the report of a failed item
 * marked to be reported after it.
 */

import { db } from '../../../db/index.js';
import { claimLocalData } from '../../../sync/index.js';
import { applyLanguage } from '../../../lib/i18n.js';
import { loadEnglishErrorTexts } from '../../../lib/error-text.js';
import { useIndonesianComponents } from '../../../test/component-setup.js';
import { testRoundTemplate } from '../../../test/round.js';
import { RoundForm } from './round-form.js';

useIndonesianComponents();

const USER = newId();
const AREA: Area = {
  id: newId(),
  name: 'Toilet Gedung B',
  description: null,
  active: true,
  created_at: '',
  updated_at: '',
};

const template = testRoundTemplate({
  title: 'Kebersihan toilet',
  area_ids: [AREA.id],
  items: [
    { id: 'floor', label: 'Lantai kering', kind: 'pass_fail_na', unit: null, photo: 'none' },
    { id: 'soap', label: 'Sabun tersisa', kind: 'number', unit: 'botol', photo: 'none' },
    { id: 'tap', label: 'Keran', kind: 'pass_fail_na', unit: null, photo: 'on_fail' },
  ],
});

beforeEach(async () => {
  await claimLocalData(db, USER);
});
afterEach(async () => {
  await Promise.all([db.outbox.clear(), db.round_completions.clear(), db.reports.clear()]);
});

function item(id: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-item="${id}"]`);
  if (found === null) throw new Error(`no item ${id}`);
  return found;
}

describe('<RoundForm />', () => {
  it('marks the items not answered and queues nothing, then queues one completion', async () => {
    const user = userEvent.setup();
    render(<RoundForm template={template} date="2026-12-03" userId={USER} areas={[AREA]} />);
    await user.click(screen.getByRole('button', { name: 'Kirim rutinitas' }));
    expect(within(item('floor')).getByRole('alert').textContent).toBe('Jawab butir ini.');
    expect(within(item('soap')).getByRole('alert').textContent).toBe('Jawab butir ini.');
    expect(await db.outbox.count()).toBe(0);

    await user.click(screen.getByTestId('answer-floor-pass'));
    await user.type(screen.getByTestId('answer-soap-number'), '2');
    // A failed item with a photo on fail needs its photo.
    await user.click(screen.getByTestId('answer-tap-fail'));
    expect(within(item('tap')).getByRole('alert').textContent).toBe('Butir ini memerlukan foto.');
    await user.click(screen.getByTestId('answer-tap-na'));
    expect(within(item('tap')).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('answer-tap-na').getAttribute('aria-checked')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Kirim rutinitas' }));
    await expect.poll(() => db.outbox.count()).toBe(1);
    const [entry] = await db.outbox.toArray();
    expect(entry?.mutation.name).toBe('round.complete');
    expect(entry?.mutation.args).toMatchObject({
      answers: [
        { item_id: 'floor', value: 'pass' },
        { item_id: 'soap', value: 2 },
        { item_id: 'tap', value: 'na' },
      ],
    });
  });

  it('queues the report of a failed item marked to be reported after the completion', async () => {
    const user = userEvent.setup();
    render(<RoundForm template={template} date="2026-12-03" userId={USER} areas={[AREA]} />);
    await user.click(screen.getByTestId('answer-floor-fail'));
    await user.type(screen.getByTestId('note-floor'), 'Genangan dekat wastafel');
    await user.click(screen.getByTestId('raise-floor'));
    await user.type(screen.getByTestId('answer-soap-number'), '1');
    await user.click(screen.getByTestId('answer-tap-pass'));
    await user.click(screen.getByRole('button', { name: 'Kirim rutinitas' }));
    await expect.poll(() => db.outbox.count()).toBe(2);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => e.mutation.name)).toEqual(['round.complete', 'report.create']);
    const [complete, report] = entries.map(
      (e) => e.mutation.args as { id: string; description?: string },
    );
    expect(report).toMatchObject({
      area_id: AREA.id,
      round_completion_id: complete?.id,
      round_item_id: 'floor',
    });
    expect(report?.description).toContain('Genangan dekat wastafel');
  });

  describe('in English', () => {
    beforeAll(async () => {
      applyLanguage('en');
      await loadEnglishErrorTexts();
    });
    afterAll(() => applyLanguage('id'));

    it('says what is missing in English', async () => {
      const user = userEvent.setup();
      render(<RoundForm template={template} date="2026-12-03" userId={USER} areas={[AREA]} />);
      await user.click(screen.getByTestId('answer-tap-fail'));
      await user.click(screen.getByRole('button', { name: 'Submit the round' }));
      expect(within(item('floor')).getByRole('alert').textContent).toBe('Answer this item.');
      expect(within(item('tap')).getByRole('alert').textContent).toBe('This item needs a photo.');
      expect(await db.outbox.count()).toBe(0);
    });
  });
});
