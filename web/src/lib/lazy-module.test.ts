import { describe, expect, it, vi } from 'vitest';
import { lazyModule } from './lazy-module.js';

describe('lazyModule', () => {
  it('imports once for every caller, and says when it is loaded', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }));
    const lazy = lazyModule(importer);
    expect(lazy.loaded()).toBeNull();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(await lazy.load()).toBe(a);
    expect(lazy.loaded()).toBe(a);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('imports again at the next use after a failed load', async () => {
    const importer = vi
      .fn<() => Promise<{ answer: number }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ answer: 42 });
    const lazy = lazyModule(importer);
    await expect(lazy.load()).rejects.toThrow('Failed to fetch');
    expect(lazy.loaded()).toBeNull();
    expect(await lazy.load()).toEqual({ answer: 42 });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('turns an importer that throws into a failed load, tried again at the next use', async () => {
    let calls = 0;
    const lazy = lazyModule(() => {
      calls += 1;
      if (calls === 1) throw new Error('no such chunk');
      return Promise.resolve({ answer: 42 });
    });
    const first = lazy.load();
    expect(first).toBeInstanceOf(Promise);
    await expect(first).rejects.toThrow('no such chunk');
    expect(await lazy.load()).toEqual({ answer: 42 });
  });
});
