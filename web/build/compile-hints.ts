import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import {
  chunkNamed,
  entryOf,
  isChunk,
  ROUTE_PAGES,
  SHELL_FRAME,
  staticClosure,
} from './route-html.js';

type OutputBundle = Rollup.OutputBundle;

/**
 * V8's explicit compile hint (Chrome 136 and later): a file that opens with this comment has
 * all of its functions compiled as it loads, on a background thread while it streams in,
 * instead of each one on the main thread at its first call. It must be the file's first line:
 * after any other statement V8 ignores it (checked with V8's function-event log). Other
 * browsers read a comment.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks the pages drawn ahead open with: the login page's and the signed-in frame's. */
export const OPENING_CHUNKS: readonly string[] = [
  ...Object.values(ROUTE_PAGES).map((page) => page.chunk),
  ...SHELL_FRAME.preload,
];

/**
 * The files of the chunks a first visit runs at once: the entry, the opening screens' chunks
 * named in `openers`, and every chunk those import statically, each once. A chunk named but
 * missing from the build throws (route-html's chunkNamed), so a renamed screen cannot silently
 * lose its hint.
 */
export function openingFiles(bundle: OutputBundle, openers: readonly string[]): Set<string> {
  return new Set(
    [entryOf(bundle), ...openers.map((name) => chunkNamed(bundle, name))].flatMap((chunk) =>
      staticClosure(bundle, chunk.fileName),
    ),
  );
}

/**
 * Opens the chunk `file` with COMPILE_HINT, its source map moved down the one line added (a
 * `;` in front of a v3 map's mappings is an empty first line).
 */
export function hintChunk(bundle: OutputBundle, file: string): void {
  const chunk = bundle[file];
  if (!isChunk(chunk)) throw new Error(`compile-hints: ${file} is not a chunk`);
  if (chunk.code.startsWith(COMPILE_HINT)) return;
  chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
  if (chunk.map !== null) chunk.map.mappings = `;${chunk.map.mappings}`;
  const mapAsset = bundle[`${file}.map`];
  if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
    const map = JSON.parse(mapAsset.source) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    mapAsset.source = JSON.stringify(map);
  }
}

/** The text of a compressed copy the build emitted (`.br`, `.gz`), or null when it has none. */
function uncompressed(bundle: OutputBundle, file: string): string | null {
  const copy = bundle[file];
  if (copy?.type !== 'asset') return null;
  const bytes = typeof copy.source === 'string' ? Buffer.from(copy.source) : copy.source;
  return (file.endsWith('.br') ? brotliDecompressSync(bytes) : gunzipSync(bytes)).toString();
}

/**
 * Opens each chunk a first visit runs at once with COMPILE_HINT.
 *
 * Their functions were compiled lazily, on the main thread, at their first call. Once React's
 * first render ran in a transition's slices, such compiles were most of what was left of the
 * login page's blocking time: the login screen's first render was a 20-30 ms task at
 * Lighthouse's 4x CPU on this machine, most of it compiling i18next's and the router's
 * functions. Other chunks (screens a visitor may open later, the PDF and Excel libraries) stay
 * lazy: most of their functions never run in a visit.
 *
 * The comment must come first, ahead of the `__vite__mapDeps` line that Vite's import analysis
 * puts at the top of a chunk in its `generateBundle`, and into the brotli and gzip copies
 * vite-plugin-compression2 makes right after that hook (it chains itself to it). So the hint is
 * chained to the same hook, from `configResolved`, which Vite calls for this plugin (listed
 * before compression) before compression's own chaining; `writeBundle` checks that every
 * compressed copy of a hinted chunk holds the hint, and fails the build if the order changed.
 */
export function compileHints(openers: readonly string[] = OPENING_CHUNKS): Plugin {
  let hinted = new Set<string>();
  const hint = (bundle: OutputBundle): void => {
    hinted = openingFiles(bundle, openers);
    for (const file of hinted) hintChunk(bundle, file);
  };
  return {
    name: 'urs-compile-hints',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((p) => p.name === 'vite:build-import-analysis');
      const original = analysis?.generateBundle;
      if (analysis === undefined || typeof original !== 'function') {
        throw new Error('compile-hints: no generateBundle of Vite’s import analysis to follow');
      }
      analysis.generateBundle = async function (this: Rollup.PluginContext, ...args) {
        await original.apply(this, args);
        hint(args[1]);
      };
    },
    writeBundle(_options, bundle) {
      for (const file of hinted) {
        for (const copy of [`${file}.br`, `${file}.gz`]) {
          const text = uncompressed(bundle, copy);
          if (text !== null && !text.startsWith(COMPILE_HINT)) {
            this.error(`compile-hints: ${copy} was compressed before the hint was added`);
          }
        }
      }
    },
  };
}
