import type { Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;
type OutputAsset = Rollup.OutputAsset;

/**
 * A chunk of a build, for the build plugins' tests: just the fields they read (its name is
 * Vite's, from its file; `css` its stylesheets), a line of code and no map unless given.
 */
export function chunk(
  fileName: string,
  fields: Partial<OutputChunk> & { css?: string[] } = {},
): OutputChunk {
  const { css = [], ...rest } = fields;
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/^assets\//, '').replace(/-\w+\.js$/, ''),
    isEntry: false,
    imports: [],
    code: `console.log(${JSON.stringify(fileName)});\n`,
    map: null,
    viteMetadata: { importedCss: new Set(css), importedAssets: new Set() },
    ...rest,
  } as OutputChunk;
}

/** A file of a build that is not a chunk (a source map, a compressed copy). */
export function asset(fileName: string, source: string | Uint8Array): OutputAsset {
  return { type: 'asset', fileName, source } as OutputAsset;
}

/** A build's output, keyed by file as Rollup's and Rolldown's are. */
export function bundleOf(...files: (OutputChunk | OutputAsset)[]): OutputBundle {
  return Object.fromEntries(files.map((file) => [file.fileName, file]));
}
