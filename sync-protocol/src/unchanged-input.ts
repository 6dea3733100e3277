import type { z } from './zod.js';

/*
 * A push carries up to 200 mutations, each parsed twice by zod (its envelope, then its
 * arguments). zod builds a new object for every object it parses, and a result and an issue
 * list for every field on the way: most of a push's garbage on the server, for input that in
 * practice is already exactly what zod would return. This compiles, from a schema's own
 * definition, a check that says so without allocating: it answers true only when the input is
 * valid AND zod's output would equal it (no unknown key to strip, no default to fill, no
 * transform, every overwrite such as trim leaving the value as it is). Anything else, and any
 * schema using a construct not handled here, goes through zod itself, so every refusal is
 * zod's own error, unchanged.
 */

/** True when zod would accept `input` and return a value equal to it. */
type Check = (input: unknown) => boolean;

/** Internals read from a schema's `_zod.def` (zod 4's documented definition object). */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  shape?: Record<string, Schema>;
  catchall?: Schema;
  element?: Schema;
  innerType?: Schema;
}

interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  tx?: (value: unknown) => unknown;
}

interface Schema {
  _zod: { def: Def; values?: Set<unknown>; optin?: string; optout?: string };
}

/** String formats that zod checks with their pattern alone (others, e.g. URLs, run code). */
const PATTERN_FORMATS = new Set(['uuid', 'datetime', 'regex']);

/** A check of a string's or an array's length, or undefined for any other kind. */
function lengthCheck(c: CheckDef): ((n: number) => boolean) | undefined {
  const { minimum, maximum, length } = c;
  if (c.check === 'min_length' && minimum !== undefined) return (n) => n >= minimum;
  if (c.check === 'max_length' && maximum !== undefined) return (n) => n <= maximum;
  if (c.check === 'length_equals' && length !== undefined) return (n) => n === length;
  return undefined;
}

function stringCheck(c: CheckDef): ((s: string) => boolean) | undefined {
  const length = lengthCheck(c);
  if (length !== undefined) return (s) => length(s.length);
  const { pattern, tx } = c;
  if (c.check === 'string_format' && pattern !== undefined && PATTERN_FORMATS.has(c.format ?? '')) {
    return (s) => {
      pattern.lastIndex = 0;
      return pattern.test(s);
    };
  }
  // An overwrite (trim, say) changes nothing only when it gives the same string back.
  if (c.check === 'overwrite' && tx !== undefined) return (s) => tx(s) === s;
  return undefined;
}

function numberCheck(c: CheckDef): ((n: number) => boolean) | undefined {
  const { value, inclusive } = c;
  if (c.check === 'number_format' && c.format === 'safeint') return Number.isSafeInteger;
  if (c.check === 'greater_than' && value !== undefined) {
    return inclusive === true ? (n) => n >= value : (n) => n > value;
  }
  if (c.check === 'less_than' && value !== undefined) {
    return inclusive === true ? (n) => n <= value : (n) => n < value;
  }
  return undefined;
}

/** Every check of a schema compiled by `one`, or undefined if any is of another kind. */
function allOf<T>(
  def: Def,
  one: (c: CheckDef) => ((v: T) => boolean) | undefined,
  own: ((v: T) => boolean)[] = [],
): ((v: T) => boolean) | undefined {
  const compiled = [...own];
  for (const c of def.checks ?? []) {
    const check = one(c._zod.def);
    if (check === undefined) return undefined;
    compiled.push(check);
  }
  // A plain loop: a closure over each value would be garbage of its own.
  return (value) => {
    for (const check of compiled) if (!check(value)) return false;
    return true;
  };
}

function compileString(def: Def): Check | undefined {
  if (def.coerce === true) return undefined;
  // A format schema (z.uuid(), z.iso.datetime()) is its own first check.
  const own: ((s: string) => boolean)[] = [];
  if (def.format !== undefined) {
    const format = stringCheck({
      check: 'string_format',
      format: def.format,
      pattern: def.pattern,
    });
    if (format === undefined) return undefined;
    own.push(format);
  }
  const checks = allOf(def, stringCheck, own);
  return checks && ((input) => typeof input === 'string' && checks(input));
}

function compileNumber(def: Def): Check | undefined {
  if (def.coerce === true) return undefined;
  // A format schema (z.int(), z.int32()) is its own first check, as a string format is.
  const own: ((n: number) => boolean)[] = [];
  if (def.format !== undefined) {
    const format = numberCheck({ check: 'number_format', format: def.format });
    if (format === undefined) return undefined;
    own.push(format);
  }
  const checks = allOf(def, numberCheck, own);
  return (
    checks && ((input) => typeof input === 'number' && Number.isFinite(input) && checks(input))
  );
}

function compileObject(def: Def): Check | undefined {
  const shape = def.shape;
  if (shape === undefined || def.catchall !== undefined || (def.checks ?? []).length > 0) {
    return undefined;
  }
  const keys = Object.keys(shape);
  if (keys.includes('__proto__')) return undefined;
  const checks: Check[] = [];
  const mayBeAbsent: boolean[] = [];
  for (const key of keys) {
    const field = shape[key];
    const check = field === undefined ? undefined : compile(field);
    if (field === undefined || check === undefined) return undefined;
    checks.push(check);
    // zod's own rule: only a field optional both ways may be left out (z.unknown() may not).
    mayBeAbsent.push(field._zod.optin === 'optional' && field._zod.optout === 'optional');
  }
  const known = new Set(keys);
  return (input) => {
    if (
      typeof input !== 'object' ||
      input === null ||
      Object.getPrototypeOf(input) !== Object.prototype
    ) {
      return false;
    }
    const record = input as Record<string, unknown>;
    // zod drops keys it does not know: with one present its output would differ.
    for (const key in record) if (!known.has(key)) return false;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = record[key];
      if (value === undefined) {
        // A key present with `undefined` is kept by zod in ways not worth copying here.
        if (key in record || mayBeAbsent[i] !== true) return false;
      } else if (!(checks[i] as Check)(value)) return false;
    }
    return true;
  };
}

function compileArray(def: Def): Check | undefined {
  const element = def.element === undefined ? undefined : compile(def.element);
  const lengths = allOf(def, lengthCheck);
  if (element === undefined || lengths === undefined) return undefined;
  return (input) => {
    if (!Array.isArray(input) || !lengths(input.length)) return false;
    for (const item of input as unknown[]) if (!element(item)) return false;
    return true;
  };
}

/**
 * Every key of a definition this compiler reads or knows to be harmless (messages, the
 * patterns' own options). A definition with any other key carries a meaning not handled here,
 * now or after a zod upgrade, so zod itself parses it.
 */
const KNOWN_DEF_KEYS = new Set([
  'type',
  'checks',
  'check',
  'abort',
  'error',
  'format',
  'pattern',
  'offset',
  'local',
  'precision',
  'coerce',
  'shape',
  'catchall',
  'element',
  'innerType',
  'entries',
  'values',
]);

/** A check for any schema made only of the constructs above, else undefined. */
function compile(schema: Schema): Check | undefined {
  const def = schema._zod.def;
  for (const key in def) if (!KNOWN_DEF_KEYS.has(key)) return undefined;
  const inner = def.innerType === undefined ? undefined : compile(def.innerType);
  const refined = (def.checks ?? []).length > 0;
  switch (def.type) {
    case 'string':
      return compileString(def);
    case 'number':
      return compileNumber(def);
    case 'object':
      return compileObject(def);
    case 'array':
      return compileArray(def);
    case 'boolean':
      return refined || def.coerce === true ? undefined : (input) => typeof input === 'boolean';
    case 'unknown':
    case 'any':
      return refined ? undefined : () => true;
    case 'enum':
    case 'literal': {
      // zod's own set of the values it accepts (an enum's are not simply its entries' values).
      const values = schema._zod.values;
      return refined || values === undefined ? undefined : (input) => values.has(input);
    }
    case 'optional':
      return refined || !inner ? undefined : (input) => input === undefined || inner(input);
    case 'nullable':
      return refined || !inner ? undefined : (input) => input === null || inner(input);
    default:
      return undefined;
  }
}

const compiled = new WeakMap<z.ZodType, Check | null>();

function checkOf(schema: z.ZodType): Check | null {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema) ?? null;
    compiled.set(schema, check);
  }
  return check;
}

/** Whether the schema is made only of what the unchanged-input check understands. */
export function hasUnchangedInputCheck(schema: z.ZodType): boolean {
  return checkOf(schema) !== null;
}

/**
 * `schema.safeParse(input)`, answered without zod when the input is already exactly what zod
 * would return (then `data` is the input itself, so treat it as read-only, as any parsed value).
 */
export function safeParseUnchanged<S extends z.ZodType>(
  schema: S,
  input: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const check = checkOf(schema);
  if (check !== null && check(input)) return { success: true, data: input as z.output<S> };
  return schema.safeParse(input);
}
