import { field } from '../../lib/json-fields.js';

type FormOf<F> = { [K in keyof F]: F[K] extends boolean ? boolean : string };

/**
 * A refused change's form, refilled from the args the server refused (what the user had typed):
 * each field as the text or flag the form holds, `fallback`'s value where the args lack it.
 */
export function formFromArgs<F extends { [K in keyof F]: string | boolean }>(
  args: unknown,
  fallback: F,
): FormOf<F> {
  const refill = (key: string, kept: string | boolean) => {
    const value = field(args, key);
    if (typeof kept === 'boolean') return typeof value === 'boolean' ? value : kept;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return value === null ? '' : kept;
  };
  // Every key of fallback, each with a value of its kind: the shape FormOf<F> names.
  return Object.fromEntries(
    Object.entries<string | boolean>(fallback).map(([key, kept]) => [key, refill(key, kept)]),
  ) as FormOf<F>;
}
