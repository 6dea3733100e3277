import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { firstPaintZod } from './first-paint-zod.js';

type Resolve = (source: string, importer?: string) => Promise<{ id: string; external: boolean }>;

/**
 * Calls the plugin's resolveId as the bundler would, over a resolver that answers
 * `/nm/<source>` and records the importer it was asked from.
 */
async function resolveWith(plugin: Plugin, source: string, importer: string | undefined) {
  const hook = plugin.resolveId;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  const askedFrom: (string | undefined)[] = [];
  const resolve: Resolve = (spec, from) => {
    askedFrom.push(from);
    return Promise.resolve({ id: `/nm/${spec.replace(/^\.\//, '')}`, external: false });
  };
  const result: unknown = await handler?.call({ resolve } as never, source, importer, {
    attributes: {},
    isEntry: false,
  } as never);
  return { result, askedFrom };
}

describe('the first paint gets a zod core of its own', () => {
  const plugin = firstPaintZod();

  it("marks zod/mini and everything it imports as the entry's copy", async () => {
    expect(await resolveWith(plugin, 'zod/mini', '/app/src/lib/search-params.ts')).toEqual({
      result: { id: '/nm/zod/mini?first-paint-copy', external: false },
      askedFrom: ['/app/src/lib/search-params.ts'],
    });
    // Inside the copy, imports resolve from the real file and stay in the copy.
    expect(
      await resolveWith(plugin, './core.js', '/nm/zod/v4/mini/index.js?first-paint-copy'),
    ).toEqual({
      result: { id: '/nm/core.js?first-paint-copy', external: false },
      askedFrom: ['/nm/zod/v4/mini/index.js'],
    });
  });

  it('leaves full zod and every other import alone', async () => {
    for (const [source, importer] of [
      ['zod', '/app/sync-protocol/src/zod.ts'],
      ['react', '/app/src/main.tsx'],
    ] as const) {
      expect(await resolveWith(plugin, source, importer)).toEqual({ result: null, askedFrom: [] });
    }
  });
});
