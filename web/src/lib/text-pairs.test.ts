import { describe, expect, it } from 'vitest';
import { splitTextPairs } from './text-pairs.js';

describe('splitTextPairs', () => {
  it('gives Indonesian the first text of each pair and English the second', () => {
    expect(splitTextPairs({ save: ['Simpan', 'Save'] })).toEqual({
      id: { save: 'Simpan' },
      en: { save: 'Save' },
    });
  });

  it('keeps nested keys, plural suffixes and placeholders as they are written', () => {
    const texts = splitTextPairs({
      deviceStorage: {
        pendingValue_one: ['{{count}} perubahan', '{{count}} change'],
        pendingValue_other: ['{{count}} perubahan', '{{count}} changes'],
        levels: { low: ['Menipis', 'Low'] },
      },
    });

    expect(texts.id).toEqual({
      deviceStorage: {
        pendingValue_one: '{{count}} perubahan',
        pendingValue_other: '{{count}} perubahan',
        levels: { low: 'Menipis' },
      },
    });
    expect(texts.en).toEqual({
      deviceStorage: {
        pendingValue_one: '{{count}} change',
        pendingValue_other: '{{count}} changes',
        levels: { low: 'Low' },
      },
    });
  });

  it('gives both languages the same keys in the same order', () => {
    const texts = splitTextPairs({ b: ['B', 'b'], a: { d: ['D', 'd'], c: ['C', 'c'] } });

    expect(Object.keys(texts.id)).toEqual(['b', 'a']);
    expect(Object.keys(texts.en)).toEqual(['b', 'a']);
    expect(Object.keys(texts.id.a)).toEqual(['d', 'c']);
    expect(Object.keys(texts.en.a)).toEqual(['d', 'c']);
  });

  it('returns dictionaries that share nothing with the pairs they came from', () => {
    const pairs = { common: { close: ['Tutup', 'Close'] as const } };
    const texts = splitTextPairs(pairs);

    texts.id.common.close = 'Diubah';

    expect(pairs.common.close).toEqual(['Tutup', 'Close']);
    expect(splitTextPairs(pairs).id.common.close).toBe('Tutup');
  });

  it('gives an empty tree two empty dictionaries', () => {
    expect(splitTextPairs({})).toEqual({ id: {}, en: {} });
  });
});
