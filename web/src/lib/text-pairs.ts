import type { Language } from '@urs/sync-protocol';

/** One text in both languages, Indonesian first: `['Simpan', 'Save']`. */
export type TextPair = readonly [id: string, en: string];

export interface TextPairs {
  readonly [key: string]: TextPair | TextPairs;
}

/** The dictionary of one language: the same keys, each pair replaced by its text. */
export type LanguageTexts<T> = {
  -readonly [K in keyof T]: T[K] extends TextPair ? string : LanguageTexts<T[K]>;
};

const isPair = (value: TextPair | TextPairs): value is TextPair => Array.isArray(value);

function pick(pairs: TextPairs, index: 0 | 1): object {
  return Object.fromEntries(
    Object.entries(pairs).map(([key, value]) => [
      key,
      isPair(value) ? value[index] : pick(value, index),
    ]),
  );
}

/**
 * Both dictionaries out of one tree of pairs. Writing each text beside its translation means a
 * key can never be missing from one language, and a change to one is seen next to the other.
 */
export function splitTextPairs<T extends TextPairs>(pairs: T): Record<Language, LanguageTexts<T>> {
  // pick() keeps every key and puts a string where a pair was: the shape LanguageTexts<T> names.
  return { id: pick(pairs, 0) as LanguageTexts<T>, en: pick(pairs, 1) as LanguageTexts<T> };
}
