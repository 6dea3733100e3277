import { describe, expect, it } from 'vitest';
import { reason } from '@urs/sync-protocol';
import { Refusal, answerOfStored, refusalAnswer, storedRefusal } from './refusal.js';

describe('a refusal kept in the ledger', () => {
  it('answers again with the same code, params and texts after the round trip', () => {
    const refusal = new Refusal('validation', reason('text_too_long', { max: 160 }), {
      name: [reason('text_too_long', { max: 160 })],
    });
    const stored = storedRefusal(refusal);
    const row = { code: refusal.code, message: refusal.message, errors: stored };
    expect(answerOfStored(row)).toEqual(refusalAnswer(refusal));
    // PostgreSQL returns the JSON column as its text.
    expect(answerOfStored({ ...row, errors: JSON.stringify(stored) })).toEqual(
      refusalAnswer(refusal),
    );
    expect(refusalAnswer(refusal)).toMatchObject({
      message: 'Maksimal 160 karakter.',
      reason: { code: 'text_too_long', params: { max: 160 } },
      errors: { name: ['Maksimal 160 karakter.'] },
    });
  });

  it('still answers a row written before error codes, with its texts and no reason', () => {
    const legacy = {
      code: 'validation' as const,
      message: 'Area tidak ditemukan.',
      errors: { area_id: ['Area tidak ditemukan.'] },
    };
    expect(answerOfStored(legacy)).toEqual(legacy);
    expect(answerOfStored({ ...legacy, errors: null })).toEqual({
      code: 'validation',
      message: 'Area tidak ditemukan.',
    });
  });
});
