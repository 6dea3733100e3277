import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Plugin, Rollup } from 'vite';
import { entryFile, namedChunkFile, staticClosure, type Graph } from './chunk-graph.js';
import { COMPILE_HINT } from './compile-hint-comment.js';
import { ROUTE_PAGES, SHELL_FRAME, START_CHUNKS } from './route-html.js';

export { COMPILE_HINT };

type OutputBundle = Rollup.OutputBundle;

/**
 * The chunks the pages drawn ahead open with: the login page's, the signed-in frame's, and those
 * the entry imports as it starts (React DOM's).
 */
export const OPENING_CHUNKS: readonly string[] = [
  ...Object.values(ROUTE_PAGES).map((page) => page.chunk),
  ...SHELL_FRAME.preload,
  ...START_CHUNKS,
];

/**
 * The files of the chunks a first visit runs at once: the entry, the chunks named in `openers`
 * (the opening screens' and the start chunks), and every chunk those import statically, each
 * once. A chunk named but missing from the build throws, so a renamed screen cannot silently lose
 * its hint. Works on the build's output and on the chunks as they are rendered.
 */
export function openingFiles(graph: Graph, openers: readonly string[]): Set<string> {
  const starts = [
    entryFile(graph, 'compile-hints'),
    ...openers.map((name) => namedChunkFile(graph, name, 'compile-hints')),
  ];
  return new Set(starts.flatMap((start) => staticClosure(graph, start)));
}

/**
 * Opens the chunk `file` with COMPILE_HINT, its source map moved down the one line added (a
 * `;` in front of a v3 map's mappings is an empty first line).
 */
export function hintChunk(bundle: OutputBundle, file: string): void {
  const chunk = bundle[file];
  if (chunk?.type !== 'chunk') throw new Error(`compile-hints: ${file} is not a chunk`);
  if (chunk.code.startsWith(COMPILE_HINT)) return;
  // A shebang must stay first; no chunk of a web build has one.
  if (chunk.code.startsWith('#!')) throw new Error(`compile-hints: ${file} opens with #!`);
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
 * login page's blocking time: the login screen's first render was a 20-30 ms task in
 * Lighthouse's traces on this machine (before its 4x CPU factor), most of it compiling
 * i18next's and the router's functions. Other chunks (screens a visitor may open later, the PDF and Excel libraries) stay
 * lazy: most of their functions never run in a visit.
 *
 * - The comment must come first, ahead of the `__vite__mapDeps` line that Vite's import
 *   analysis puts at the top of a chunk in its `generateBundle`, and must be in the brotli and
 *   gzip copies vite-plugin-compression2 makes right after that hook (it chains itself to it
 *   once its async `configResolved` has awaited). So the hint is chained to the same hook, from
 *   this plugin's `configResolved`, synchronously and so first; `writeBundle` fails the build if
 *   a compressed copy of a hinted chunk lacks the hint, or if no copy was there to check.
 * - The hint is added after the file names' hashes are made, so `augmentChunkHash` puts it in
 *   the hash of each chunk that gets it: a chunk whose hint comes or goes (a screen starts or
 *   stops importing it) gets a new name, since `/assets/` is cached as immutable and the
 *   service worker precaches it by name alone.
 */
export function compileHints(openers: readonly string[] = OPENING_CHUNKS): Plugin {
  let hashed: Set<string> | null = null;
  let hinted = new Set<string>();
  const hint = (bundle: OutputBundle): void => {
    hinted = openingFiles(bundle, openers);
    if (hashed?.size !== hinted.size) {
      throw new Error(
        `compile-hints: ${hinted.size} chunks hinted, ${hashed?.size ?? 0} with the hint in their hash`,
      );
    }
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
    renderStart() {
      hashed = null;
    },
    renderChunk(_code, _chunk, _options, meta) {
      hashed ??= openingFiles(meta.chunks, openers);
      return null;
    },
    augmentChunkHash(chunk) {
      return hashed?.has(chunk.fileName) === true ? COMPILE_HINT : undefined;
    },
    writeBundle(_options, bundle) {
      let checked = 0;
      for (const file of hinted) {
        for (const copy of [`${file}.br`, `${file}.gz`]) {
          const text = uncompressed(bundle, copy);
          if (text === null) continue;
          checked += 1;
          if (!text.startsWith(COMPILE_HINT)) {
            this.error(`compile-hints: ${copy} was compressed before the hint was added`);
          }
        }
      }
      if (hinted.size > 0 && checked === 0) {
        this.error('compile-hints: no compressed copy of a hinted chunk to check');
      }
    },
  };
}
