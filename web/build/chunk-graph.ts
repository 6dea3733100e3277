import type { Rollup } from 'vite';

/** What build/route-html.ts reads of a chunk of the build's output (an OutputChunk). */
export interface ChunkInGraph {
  type?: string;
  name: string;
  isEntry: boolean;
  imports: readonly string[];
}

/** A build's files by name: its chunks and, in the output, its other files (assets). */
export type Graph = Readonly<Record<string, ChunkInGraph | Rollup.OutputAsset>>;

/** The chunk at `file`, or undefined for an asset or a file that is not in the build. */
export function chunkAt(graph: Graph, file: string): ChunkInGraph | undefined {
  const found = graph[file];
  return found === undefined || found.type === 'asset' ? undefined : (found as ChunkInGraph);
}

/**
 * A chunk's file and every chunk it imports statically, each once. An import that is no chunk
 * of the build (an external module) is left out: there is no file of ours to load.
 */
export function staticClosure(graph: Graph, start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const chunk = chunkAt(graph, file);
    if (chunk === undefined || seen.has(file)) continue;
    seen.add(file);
    queue.push(...chunk.imports);
  }
  return [...seen];
}

/** The file of the build's entry chunk (main.tsx's); `from` names the plugin that asks. */
export function entryFile(graph: Graph, from: string): string {
  const entry = Object.keys(graph).find((file) => chunkAt(graph, file)?.isEntry === true);
  if (entry === undefined) throw new Error(`${from}: no entry chunk in the build`);
  return entry;
}

/**
 * The file of the build's chunk named `name` (a lazy route's or a manual chunk's, never the
 * entry). A name missing from the build (a renamed screen) stops the build, in `from`'s name.
 */
export function namedChunkFile(graph: Graph, name: string, from: string): string {
  const found = Object.keys(graph).find((file) => {
    const chunk = chunkAt(graph, file);
    return chunk?.name === name && !chunk.isEntry;
  });
  if (found === undefined) throw new Error(`${from}: no chunk named ${name} in the build`);
  return found;
}
