/*
 * Reading one field of a JSON answer whose shape is not trusted yet. Kept free of zod: the API
 * client and the session run before the protocol schemas are loaded (see app/device-runtime.ts).
 */

/** `body[key]` when the body is an object, else undefined. */
export function field(body: unknown, key: string): unknown {
  return typeof body === 'object' && body !== null ? Reflect.get(body, key) : undefined;
}

export function stringField(body: unknown, key: string): string | undefined {
  const value = field(body, key);
  return typeof value === 'string' ? value : undefined;
}

export function numberField(body: unknown, key: string): number | undefined {
  const value = field(body, key);
  return typeof value === 'number' ? value : undefined;
}
