import { describe, expect, it } from 'vitest';
import { newId } from '@urs/sync-protocol';
import { openTestDatabase } from './test-database.js';

describe('UrsDatabase', () => {
  it('stores photo bytes as an ArrayBuffer and reads them back intact', async () => {
    const db = openTestDatabase();
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3]).buffer;
    await db.photos.add({
      id: newId(),
      user_id: newId(),
      bytes,
      mime_type: 'image/jpeg',
      sha256: 'a'.repeat(64),
      size_bytes: bytes.byteLength,
      uploaded: 0,
      upload_error: null,
      created_at: new Date().toISOString(),
    });
    const [stored] = await db.photos.toArray();
    expect(stored?.bytes).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(stored?.bytes ?? new ArrayBuffer(0))]).toEqual([
      0xff, 0xd8, 0xff, 1, 2, 3,
    ]);
    db.close();
  });
});
