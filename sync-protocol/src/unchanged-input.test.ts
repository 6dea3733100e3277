import { describe, expect, it } from 'vitest';
import { z } from './zod.js';
import { MAX_PUSH_MUTATIONS, PROTOCOL_VERSION, pushRequestSchema } from './envelope.js';
import { MUTATION_ARGS } from './mutations/index.js';
import { hasUnchangedInputCheck, safeParseUnchanged } from './unchanged-input.js';

const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const reportArgs = {
  id: ID,
  area_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
  work_type: 'cleaning',
  description: 'Lantai koridor perlu dipel ulang',
  reported_at: '2026-11-23T07:15:00.000Z',
};

const envelope = (seq: number, args: unknown = reportArgs) => ({
  id: ID,
  seq,
  name: 'report.create',
  args,
  at: '2026-11-23T07:15:00.000Z',
});

const push = (mutations: unknown[]) => ({
  protocol_version: PROTOCOL_VERSION,
  client_id: ID,
  mutations,
});

/** Each value with one field changed to each of `values` (or removed), plus extra-key variants. */
function variants(base: Record<string, unknown>, values: unknown[]): unknown[] {
  const out: unknown[] = [base, { ...base, extra: 1 }, { ...base, id: undefined }];
  for (const key of Object.keys(base)) {
    const without = { ...base };
    delete without[key];
    out.push(without);
    for (const value of values) out.push({ ...base, [key]: value });
  }
  return out;
}

/** Odd values of every kind, each a likely edge of some check. */
const ODD: unknown[] = [
  null,
  undefined,
  0,
  -1,
  1,
  1.5,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  ' ',
  '  padded  ',
  'x'.repeat(65),
  'x'.repeat(5001),
  'NUL \u0000 inside',
  ID.toUpperCase(),
  `${ID}0`,
  'not-a-uuid',
  'cleaning',
  'cancelled',
  '2026-11-23T07:15:00+07:00',
  '2026-11-23T07:15:00',
  '2026-02-30T07:15:00.000Z',
  true,
  [],
  [ID],
  {},
  Object.create(null) as unknown,
  new Date(0),
];

/** The fast answer must be zod's answer: same verdict, same value, same issues. */
function expectSameAsZod(schema: z.ZodType, input: unknown): void {
  const fast = safeParseUnchanged(schema, input);
  const slow = schema.safeParse(input);
  expect(fast.success).toBe(slow.success);
  if (fast.success && slow.success) expect(fast.data).toStrictEqual(slow.data);
  else expect(fast.error?.issues).toEqual(slow.error?.issues);
}

describe('safeParseUnchanged', () => {
  it('compiles a check for the push envelope and for report.create, the hottest mutation', () => {
    expect(hasUnchangedInputCheck(pushRequestSchema)).toBe(true);
    expect(hasUnchangedInputCheck(MUTATION_ARGS['report.create'])).toBe(true);
  });

  it('hands back the input itself when it is already what zod returns', () => {
    const request = push([envelope(1), envelope(2)]);
    const parsed = safeParseUnchanged(pushRequestSchema, request);
    expect(parsed.success && parsed.data).toBe(request);
    const args = safeParseUnchanged(MUTATION_ARGS['report.create'], reportArgs);
    expect(args.success && args.data).toBe(reportArgs);
  });

  it('answers as zod does for every variant of report.create arguments', () => {
    const schema = MUTATION_ARGS['report.create'];
    for (const input of variants(reportArgs, ODD)) expectSameAsZod(schema, input);
    for (const description of ['  trimmed by zod  ', 'ok\n', 'x'.repeat(5000), 'a\u0000b']) {
      expectSameAsZod(schema, { ...reportArgs, description });
    }
    for (const status of ['pending', 'completed', 'done', undefined]) {
      expectSameAsZod(schema, { ...reportArgs, status });
    }
    for (const category_id of [null, ID, ''])
      expectSameAsZod(schema, { ...reportArgs, category_id });
  });

  it('answers as zod does for every variant of a push envelope', () => {
    for (const mutation of variants(envelope(1), ODD)) {
      expectSameAsZod(pushRequestSchema, push([mutation]));
    }
    for (const top of variants(push([envelope(1)]), ODD)) expectSameAsZod(pushRequestSchema, top);
    const full = Array.from({ length: MAX_PUSH_MUTATIONS }, (_, i) => envelope(i + 1));
    expectSameAsZod(pushRequestSchema, push(full));
    expectSameAsZod(pushRequestSchema, push([...full, envelope(MAX_PUSH_MUTATIONS + 1)]));
    expectSameAsZod(pushRequestSchema, push([]));
    expectSameAsZod(pushRequestSchema, push([envelope(1), 'not an object']));
  });

  it('answers as zod does for every mutation schema, checked or not', () => {
    for (const schema of Object.values(MUTATION_ARGS)) {
      for (const input of variants({ ...reportArgs, report_id: ID, position: 0 }, ODD)) {
        expectSameAsZod(schema, input);
      }
    }
  });

  it('answers as zod does at the bounds of numbers, lengths, enums and literals', () => {
    enum Native {
      A,
      B,
    }
    const schema = z.object({
      exclusive: z.number().gt(0).lt(10),
      inclusive: z.number().int().min(0).max(10),
      exact: z.string().length(3),
      pattern: z.string().regex(/^a+$/),
      native: z.enum(Native),
      literal: z.literal(['x', 2]),
      list: z.array(z.string()).min(1).max(2),
    });
    const base = {
      exclusive: 5,
      inclusive: 5,
      exact: 'abc',
      pattern: 'aaa',
      native: Native.A,
      literal: 'x',
      list: ['a'],
    };
    const edges = [
      0,
      10,
      0.5,
      9.99,
      11,
      -0,
      'A',
      'B',
      'ab',
      'abcd',
      'aab',
      2,
      'x',
      [],
      ['a', 'b', 'c'],
    ];
    for (const input of variants(base, edges)) expectSameAsZod(schema, input);
  });

  it('answers as zod does for number and string format schemas (z.int(), z.int32(), z.email())', () => {
    const schema = z.object({
      int: z.int(),
      int32: z.int32(),
      uint32: z.uint32(),
      float32: z.float32(),
      email: z.email(),
      date: z.iso.date(),
    });
    const base = {
      int: 1,
      int32: 2,
      uint32: 3,
      float32: 1.5,
      email: 'a@b.co',
      date: '2026-11-23',
    };
    const edges = [1.5, -1, 2 ** 31, 2 ** 33, 2 ** 53, 1e39, 'nope', '2026-13-45', '2026-11-23'];
    for (const input of variants(base, edges)) expectSameAsZod(schema, input);
    // z.int() is checked without zod; the others are not known here and go to zod.
    expect(hasUnchangedInputCheck(z.int())).toBe(true);
    expect(hasUnchangedInputCheck(z.int32())).toBe(false);
  });

  it('leaves to zod a definition carrying a key it does not know', () => {
    const schema = z.string();
    const def = schema._zod.def as unknown as Record<string, unknown>;
    const odd = z.string();
    Object.assign(odd._zod.def, { ...def, unheardOf: true });
    expect(hasUnchangedInputCheck(schema)).toBe(true);
    expect(hasUnchangedInputCheck(odd)).toBe(false);
  });

  it('checks a plain boolean as zod does, and leaves a coercing one to zod', () => {
    const flag = z.object({ a: z.boolean().optional() });
    expect(hasUnchangedInputCheck(flag)).toBe(true);
    for (const a of [true, false, undefined, null, 0, 1, 'true', '', {}])
      expectSameAsZod(flag, { a });
    expect(hasUnchangedInputCheck(z.object({ a: z.coerce.boolean() }))).toBe(false);
  });

  it('leaves schemas that transform, default or refine to zod', () => {
    expect(hasUnchangedInputCheck(z.object({ a: z.string().default('x') }))).toBe(false);
    expect(hasUnchangedInputCheck(z.object({ a: z.string().transform((s) => s.length) }))).toBe(
      false,
    );
    expect(hasUnchangedInputCheck(z.object({ a: z.string() }).refine(() => true))).toBe(false);
    expect(hasUnchangedInputCheck(z.object({ a: z.httpUrl() }))).toBe(false);
    expect(hasUnchangedInputCheck(z.object({ a: z.coerce.number() }))).toBe(false);
    expect(hasUnchangedInputCheck(z.object({ a: z.string() }).strict())).toBe(false);
    const refined = z.object({ a: z.string().refine((s) => s !== 'no') });
    expectSameAsZod(refined, { a: 'no' });
    expectSameAsZod(refined, { a: 'yes' });
  });
});
