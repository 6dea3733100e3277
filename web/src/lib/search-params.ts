import * as z from 'zod/mini';

/*
 * How the app's URLs carry search params: plain `?q=sapu&page=2`, never JSON (`?q=%22sapu%22`),
 * so shared links stay readable and the ones already printed (QR posters) keep working. Each
 * route checks its params with a zod schema beside its feature, built from the pieces below.
 *
 * These schemas are zod/mini, not the contract's zod: the router needs the opening URL's schema
 * before anything is drawn, so they are in the app's first download (each is built on its first
 * use, lazySchema below), and mini's functions are tree-shaken to the
 * few used here (about 7 KB gzip against full zod's 26 KB, issue 4's budget). Mini has no JIT,
 * so the CSP's missing 'unsafe-eval' needs no jitless flag here (see sync-protocol/src/zod.ts).
 */
export function parseSearch(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** The query string (`?a=1&b=x`, or '' for none) of a search object; undefined values are left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined) continue;
    const text =
      typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);
    params.set(key, text);
  }
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The text of an optional param, trimmed; blank is no param at all. */
export function searchParam(value: string | null | undefined): string | undefined {
  const text = value?.trim() ?? '';
  return text === '' ? undefined : text;
}

/** A value built on first use and kept: the pieces below are built by the first schema that needs them. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/** A param as text; a number or flag given in code (`{ page: 2 }`) reads as its text too. */
export const searchText = once(() =>
  z.pipe(
    z.union([z.string(), z.number(), z.boolean()]),
    z.transform((value) => String(value)),
  ),
);

/** An optional param that drops itself when bad (a typo in a shared link), not the whole URL. */
export const optionalParam = <T extends z.ZodMiniType>(rule: T) =>
  z.catch(z.optional(rule), undefined);

/** An optional text param checked by `rule` (`z.enum(...)`, a length, a date). */
export const textParam = <T extends z.ZodMiniType<unknown, string>>(rule: T) =>
  optionalParam(z.pipe(searchText(), rule));

/** `?page=`: a whole number from 1; anything else (a typo in a shared link) is no page (1). */
export const searchPage = once(() =>
  optionalParam(z.pipe(z.coerce.number(), z.int().check(z.minimum(1)))),
);

/**
 * A route's schema, built the first time a URL of that route is checked, not when the router is
 * made: building every route's zod schemas was most of the app's first script's evaluation
 * (20 ms of one task on a slow machine, four times that on a phone), though an opening URL needs
 * at most one of them. It is a Standard Schema, as zod's own are, so the router checks search
 * params with it and infers their types from it.
 */
export interface LazySchema<S extends z.ZodMiniType> {
  /** The schema itself, built now if it was not yet. */
  readonly schema: S;
  parse(value: unknown): z.output<S>;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): Checked<z.output<S>> | Promise<Checked<z.output<S>>>;
    /** For the router's types only (the URL's shape in and out), as zod's own schemas give. */
    readonly types?: { readonly input: z.input<S>; readonly output: z.output<S> };
  };
}

/** A Standard Schema check's answer. */
type Checked<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<{ readonly message: string }> };

export function lazySchema<S extends z.ZodMiniType>(build: () => S): LazySchema<S> {
  const schema = once(build);
  return {
    get schema() {
      return schema();
    },
    parse: (value) => schema().parse(value),
    '~standard': {
      version: 1,
      vendor: 'zod',
      validate: (value) => schema()['~standard'].validate(value),
    },
  };
}

/** A text param as a route's URL may carry it in code (`{ school: 'ABC' }`) or read it. */
type TextIn = string | number | boolean;

/**
 * A schema of text params only (`?redirect=/x&school=ABC`), written without zod: each named
 * param read as searchText and optionalParam read it (a number or flag as its text, anything
 * else no param), every other param dropped. The login page's URL needs nothing more, and this
 * way opening it builds no zod schema: zod's first construction was 60 ms of the login page's
 * start at 4x CPU (CPU samples, 2026-12-03).
 */
export function textSearchSchema<const K extends string>(
  keys: readonly K[],
): {
  parse(value: unknown): { [P in K]?: string };
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): Checked<{ [P in K]?: string }>;
    readonly types?: {
      readonly input: { [P in K]?: TextIn | undefined };
      readonly output: { [P in K]?: string };
    };
  };
} {
  const parse = (value: unknown): { [P in K]?: string } => {
    const out: { [P in K]?: string } = {};
    if (typeof value !== 'object' || value === null) return out;
    for (const key of keys) {
      const param: unknown = Reflect.get(value, key);
      if (typeof param === 'string' || typeof param === 'number' || typeof param === 'boolean') {
        out[key] = String(param);
      }
    }
    return out;
  };
  return {
    parse,
    '~standard': { version: 1, vendor: 'urs', validate: (value) => ({ value: parse(value) }) },
  };
}

/** What a lazy schema gives back. */
export type LazyOutput<L> = L extends LazySchema<infer S> ? z.output<S> : never;

/*
 * A route's schema gives back the URL's own shape (the router writes what it validates into the
 * next URL), with bad values dropped; defaults are filled in by the screen that reads it.
 */

/** Parses a query string the way the router does, through a route's schema (for tests). */
export function parseSearchString<T>(schema: { parse(value: unknown): T }, search: string): T {
  return schema.parse(parseSearch(search));
}
