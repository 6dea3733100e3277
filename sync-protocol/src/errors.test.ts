import { describe, expect, it } from 'vitest';
import { adminUserUpdateSchema, registerInputSchema } from './entities/user.js';
import { areaCreateSchema } from './entities/area.js';
import { fieldErrors, fieldReasons } from './errors.js';
import { checkMutation } from './mutations/validate.js';
import { newId } from './ids.js';

const reasonsOf = (result: { success: boolean; error?: unknown }) => {
  if (result.success || result.error === undefined) throw new Error('expected a refusal');
  return fieldReasons(result.error as Parameters<typeof fieldReasons>[0]);
};

describe('zod refusals carry a code and the params of its text', () => {
  it("a bound's value comes from the issue itself", () => {
    const result = registerInputSchema.safeParse({
      name: 'a'.repeat(121),
      email: 'x@sekolah.test',
      password: 'pendek',
      password_confirmation: 'lain',
    });
    expect(reasonsOf(result)).toEqual({
      name: [{ code: 'text_too_long', params: { max: 120 } }],
      password: [{ code: 'password_too_short', params: { min: 8 } }],
      password_confirmation: [{ code: 'password_mismatch' }],
    });
    if (!result.success) {
      expect(fieldErrors(result.error)['name']).toEqual(['Maksimal 120 karakter.']);
    }
  });

  it('a refinement passing a nested refusal on keeps its params', () => {
    const result = adminUserUpdateSchema.safeParse({ password: 'pendek' });
    expect(reasonsOf(result)['password']).toEqual([
      { code: 'password_too_short', params: { min: 8 } },
    ]);
  });

  it('a check without a code of its own reads the generic validation code', () => {
    expect(reasonsOf(areaCreateSchema.safeParse({ name: 'Aula', description: 5 }))).toEqual({
      description: [{ code: 'invalid' }],
    });
  });

  it('a refused mutation says why by code, with the Indonesian text beside it', () => {
    const check = checkMutation({
      name: 'request.create',
      args: { id: newId(), type: 'stock', quantity: 0 },
    });
    expect(check).toMatchObject({
      ok: false,
      code: 'validation',
      fields: {
        quantity: [{ code: 'quantity_too_small', params: { min: 1 } }],
        item_id: [{ code: 'request_item_required' }],
      },
      errors: {
        quantity: ['Jumlah minimal 1.'],
        item_id: ['Silakan pilih barang yang ingin diminta.'],
      },
    });
    expect(checkMutation({ name: 'report.explode', args: {} })).toMatchObject({
      reason: { code: 'unknown_mutation', params: { name: 'report.explode' } },
      message: 'Mutasi tidak dikenal: report.explode',
    });
  });
});
