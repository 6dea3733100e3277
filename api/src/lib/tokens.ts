import { hash, randomBytes } from 'node:crypto';

/**
 * Opaque bearer tokens: 32 random bytes, prefixed so a leaked one is recognisable in logs or
 * secret scanners. Only their SHA-256 is stored: with 256 bits of entropy a fast hash is
 * enough, and a stolen database yields no usable token.
 */
export function newSessionToken(): string {
  return `urs_${randomBytes(32).toString('base64url')}`;
}

/** One-shot `hash`: a third of `createHash`'s cost, and every authenticated request pays it. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
