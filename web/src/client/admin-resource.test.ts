import { z } from '@urs/sync-protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';

const json = vi.hoisted(() => vi.fn());
vi.mock('./api.js', () => ({ api: { json } }));

import { adminResource } from './admin-resource.js';

const rowSchema = z.object({ id: z.string(), name: z.string() });
const rows = adminResource('api/areas', rowSchema);

afterEach(() => {
  json.mockReset();
});

describe('adminResource', () => {
  it('sends each call to its collection, with the id encoded into the path', async () => {
    json.mockResolvedValue({ data: { id: 'a/1', name: 'Lab' } });
    await rows.create({ name: 'Lab' });
    await rows.update('a/1', { name: 'Lab' });
    json.mockResolvedValue({ message: 'Area berhasil dihapus.' });
    await expect(rows.remove('a/1')).resolves.toEqual({ message: 'Area berhasil dihapus.' });
    expect(json.mock.calls).toEqual([
      ['POST', 'api/areas', { name: 'Lab' }],
      ['PUT', 'api/areas/a%2F1', { name: 'Lab' }],
      ['DELETE', 'api/areas/a%2F1'],
    ]);
  });

  it('parses a list answer row by row with the schema', async () => {
    json.mockResolvedValue({
      data: [{ id: 'a1', name: 'Lab' }],
      meta: { page: 2, per_page: 10, total: 11, last_page: 2 },
    });
    await expect(rows.list('api/areas?page=2')).resolves.toEqual({
      data: [{ id: 'a1', name: 'Lab' }],
      meta: { page: 2, per_page: 10, total: 11, last_page: 2 },
    });
    expect(json).toHaveBeenCalledWith('GET', 'api/areas?page=2');
  });

  it('refuses a saved row the server sent incomplete', async () => {
    json.mockResolvedValue({ data: { id: 'a1' } });
    await expect(rows.update('a1', { name: 'Lab' })).rejects.toThrow();
  });
});
