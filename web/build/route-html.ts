import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The pages a first visit opens on by their own URL, each with the lazy chunk that draws it
 * (Vite names a chunk after its module). The server answers `/login` with `login/index.html`
 * (a directory's index), so these need no routing of their own.
 */
export const ROUTE_PAGES: Record<string, string> = {
  login: 'login-screen',
};

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk =>
  file?.type === 'chunk';

/** A chunk's file and every file it imports statically, each once. */
function staticClosure(bundle: OutputBundle, start: string): string[] {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    const chunk = bundle[file];
    if (isChunk(chunk)) queue.push(...chunk.imports);
  }
  return [...seen];
}

/** The link tags a page needs beyond index.html's: its chunks and their stylesheets. */
export function routeLinks(bundle: OutputBundle, chunkName: string): string {
  const entry = Object.values(bundle).find(
    (file): file is OutputChunk => isChunk(file) && file.isEntry,
  );
  const route = Object.values(bundle).find(
    (file): file is OutputChunk => isChunk(file) && file.name === chunkName && !file.isEntry,
  );
  if (entry === undefined || route === undefined) {
    throw new Error(`route-html: no entry or no chunk named ${chunkName} in the build`);
  }
  const shell = new Set(staticClosure(bundle, entry.fileName));
  const tags: string[] = [];
  for (const file of staticClosure(bundle, route.fileName)) {
    if (shell.has(file)) continue;
    tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    const chunk = bundle[file];
    for (const css of isChunk(chunk) ? (chunk.viteMetadata?.importedCss ?? []) : []) {
      tags.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
    }
  }
  return tags.join('\n    ');
}

/**
 * Writes `<page>/index.html` for each of ROUTE_PAGES: index.html plus modulepreload links for
 * the chunks that page draws with, so the browser fetches them beside the entry instead of a
 * round trip after it (the router only asks for a screen once the entry has run). index.html
 * itself stays the shell's, so no other page downloads more.
 */
export function routeHtml(pages: Record<string, string> = ROUTE_PAGES): Plugin {
  return {
    name: 'urs-route-html',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        this.error('route-html: index.html is not in the build');
      }
      for (const [page, chunkName] of Object.entries(pages)) {
        const links = routeLinks(bundle, chunkName);
        this.emitFile({
          type: 'asset',
          fileName: `${page}/index.html`,
          source: index.source.replace('</head>', `\n    ${links}\n  </head>`),
        });
      }
    },
  };
}
