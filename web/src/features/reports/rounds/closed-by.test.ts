import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { initI18n, t } from '../../../lib/i18n.js';
import { testRoundCompletion, testRoundTemplate } from '../../../test/round.js';
import { closedByText } from './closed-by.js';
import './round-i18n.js';

initI18n('id');
const BUDI = newId();
const ME = newId();

describe('the second phone of a round', () => {
  const template = testRoundTemplate();
  const mine = testRoundCompletion(template, '2026-12-03', '2026-12-03T00:20:00.000Z', ME);

  it('is told who did it first and when, once the pull brings its completion back kept', () => {
    const kept = { ...mine, closing: false, closed_by_id: BUDI, closed_at: '2026-12-03T00:12:00Z' };
    const text = closedByText(kept, new Map([[BUDI, 'Budi Santoso']]), t, 'id');
    expect(text).toMatch(/^Sudah dikerjakan Budi Santoso pukul .+\. Hasil Anda tetap disimpan\.$/);
    // Someone this device does not know by name is still said to have done it.
    expect(closedByText(kept, new Map(), t, 'id')).toMatch(/^Sudah dikerjakan orang lain pukul/);
  });

  it('says nothing of a completion that closed its occurrence', () => {
    expect(closedByText(mine, new Map(), t, 'id')).toBeNull();
  });
});
