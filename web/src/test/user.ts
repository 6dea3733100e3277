import type { User } from '@urs/sync-protocol';

/** A user as the server sends one (a custodian by default); a test overrides what it is about. */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    name: 'Siti Aminah',
    email: 'siti.aminah@urs.sch.id',
    phone: null,
    role: 'custodian',
    preferred_theme: 'dark',
    preferred_language: 'id',
    photo_url: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
