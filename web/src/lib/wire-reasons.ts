import type { ErrorParamValue, ErrorReason, FieldReasons } from '@urs/sync-protocol';
import { field } from './json-fields.js';

/*
 * Reading the codes of an error answer whose shape is not trusted yet, without zod (the API
 * client runs before the protocol schemas load). An older server sends no codes: its Indonesian
 * texts are shown as they are.
 */

/** `{ code, params? }` from `value`, or undefined when it carries no code. */
export function reasonOf(value: unknown): ErrorReason | undefined {
  const code = field(value, 'code');
  if (typeof code !== 'string' || code === '') return undefined;
  const raw = field(value, 'params');
  if (typeof raw !== 'object' || raw === null) return { code };
  const params: Record<string, ErrorParamValue> = {};
  for (const [name, param] of Object.entries(raw)) {
    if (typeof param === 'string' || typeof param === 'number') params[name] = param;
  }
  return { code, params };
}

export function fieldReasonsOf(value: unknown): FieldReasons | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: FieldReasons = {};
  for (const [name, list] of Object.entries(value)) {
    if (!Array.isArray(list)) continue;
    out[name] = list.flatMap((item: unknown) => reasonOf(item) ?? []);
  }
  return out;
}
