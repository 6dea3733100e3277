import type { Plugin } from 'vite';

const SUFFIX = '?first-paint-copy';

/**
 * Gives the app's `zod/mini` imports (the router's search-param schemas, built at start and so
 * in the first download) a zod core of their own. Mini and the contract's full zod share zod's
 * core modules; bundled once, the shared core chunk would carry everything full zod uses of it
 * (about 16 KB gzip) into the entry, where mini alone needs about 7 KB. A module id with this
 * suffix is a separate module to the bundler, tree-shaken for mini's use only; full zod keeps
 * its own core in the lazy chunks that validate the contract. The cost: a signed-in device
 * downloads the few core functions both use twice. No schema crosses between the two copies
 * (search params never meet the contract's schemas), and mini compiles nothing with
 * `new Function`, so the copy needs none of sync-protocol/src/zod.ts's jitless setting.
 */
export function firstPaintZod(): Plugin {
  return {
    name: 'urs-first-paint-zod',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const fromCopy = importer?.endsWith(SUFFIX) === true;
      if (source !== 'zod/mini' && !fromCopy) return null;
      const from = fromCopy ? importer?.slice(0, -SUFFIX.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (resolved === null || resolved.external !== false) return resolved;
      return { ...resolved, id: `${resolved.id}${SUFFIX}` };
    },
  };
}
