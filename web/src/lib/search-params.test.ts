import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  lazySchema,
  optionalParam,
  parseSearchString,
  searchPage,
  searchText,
  stringifySearch,
  textParam,
  textSearchSchema,
} from './search-params.js';

const schema = z.object({
  q: optionalParam(searchText()),
  page: searchPage(),
  size: textParam(z.enum(['s', 'm'])),
});

describe('search params', () => {
  it('writes plain params, never JSON, and leaves undefined ones out', () => {
    expect(stringifySearch({ q: '123', page: 2, item: undefined })).toBe('?q=123&page=2');
    expect(stringifySearch({ redirect: '/reports?x=1' })).toBe('?redirect=%2Freports%3Fx%3D1');
  });

  it('reads a number-looking or boolean-looking text back exactly as typed', () => {
    expect(parseSearchString(schema, '?q=123&page=3')).toEqual({ q: '123', page: 3 });
    expect(parseSearchString(schema, '?q=true')).toEqual({ q: 'true' });
    expect(parseSearchString(schema, '?q=007')).toEqual({ q: '007' });
  });

  it('drops a bad page', () => {
    for (const page of ['0', '-2', '2.5', 'abc']) {
      expect(parseSearchString(schema, `?page=${page}`).page).toBeUndefined();
    }
  });

  it('drops only the bad param, keeping the rest of the link', () => {
    expect(parseSearchString(schema, '?q=sapu&size=xl&page=2')).toEqual({ q: 'sapu', page: 2 });
  });

  it('is a standard schema the router can call', () => {
    expect(schema['~standard'].validate({ page: '4', size: 'm' })).toEqual({
      value: { page: 4, size: 'm' },
    });
  });

  it('builds a lazy schema on its first check, once, and answers as the schema does', () => {
    const build = vi.fn(() => z.object({ id: z.string() }));
    const lazy = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(lazy.parse({ id: 'r1' })).toEqual({ id: 'r1' });
    expect(lazy['~standard'].validate({ id: 'r2' })).toEqual({ value: { id: 'r2' } });
    expect(() => lazy.parse({ id: 7 })).toThrow();
    const refused = lazy['~standard'].validate({});
    expect('issues' in refused && refused.issues?.length).toBe(1);
    expect(lazy.schema).toBe(lazy.schema);
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('textSearchSchema', () => {
  const schema = textSearchSchema(['redirect', 'school']);

  it('keeps the named params as text and drops every other one', () => {
    expect(parseSearchString(schema, '?redirect=%2Freports&school=ABC&page=2')).toEqual({
      redirect: '/reports',
      school: 'ABC',
    });
  });

  it('reads a number or flag given in code as its text, and anything else as no param', () => {
    expect(schema.parse({ redirect: 5, school: true })).toEqual({ redirect: '5', school: 'true' });
    expect(schema.parse({ redirect: { a: 1 }, school: null })).toEqual({});
    expect(schema['~standard'].validate({ school: 'X' })).toEqual({ value: { school: 'X' } });
  });
});
