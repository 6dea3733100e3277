import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin, type Rollup } from 'vite';
import { PRERENDERED_ID } from '../src/features/auth/prerendered-id.js';
import { SIGNED_IN_FRAME_ID } from '../src/features/dashboard/signed-in-frame-id.js';
import { entryFile, namedChunkFile, staticClosure } from './chunk-graph.js';
import { signedInAheadSource } from './signed-in-ahead.js';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

export interface RoutePage {
  /** The lazy chunk that draws the page (Vite names a chunk after its module). */
  chunk: string;
  /** A module (from web/) whose `render()` gives the page's first frame, rendered ahead. */
  markup?: string;
}

/**
 * The pages a first visit opens on by their own URL. The server answers `/login` with
 * `login/index.html` (a directory's index), so these need no routing of their own.
 */
export const ROUTE_PAGES: Record<string, RoutePage> = {
  login: { chunk: 'login-screen', markup: '/build/login-markup.tsx' },
};

/**
 * The shell's own index.html (every other path, and the service worker's offline start) carries
 * the signed-in dashboard's first frame, hidden; its inline script shows it on `/` for a stored
 * session (build/signed-in-ahead.ts). Only the screen's stylesheets are linked: its scripts are
 * the entry's to ask for (app/route-preload.ts), so a visitor who is not signed in downloads no
 * more script than before.
 */
export interface ShellFrame {
  chunk: string;
  /**
   * The chunks the frame's screen is drawn with (its routes'), preloaded by the starter only
   * while the frame is shown (a stored session on `/`): see framePreloads. Not the contracts
   * the session checks the user with: they run in a worker (src/client/contract-check.ts), which
   * the session starts as it asks for the user.
   */
  preload: readonly string[];
  markup: string;
  /** The inline script placed right after the frame. */
  script: () => string;
}

/**
 * Chunks the entry imports dynamically as it starts, on every page: React DOM's client
 * (src/app/react-root.ts), evaluated in a task of its own instead of in the entry's. A page's
 * starter preloads them last (startScripts).
 */
export const START_CHUNKS: readonly string[] = ['react-root'];

export const SHELL_FRAME: ShellFrame = {
  chunk: 'dashboard-screen',
  preload: ['signed-in-shell', 'dashboard-screen'],
  markup: '/build/signed-in-markup.tsx',
  script: signedInAheadSource,
};

/**
 * Runs a markup module through Vite's module runner (TypeScript, JSX, the app's own sources)
 * and returns what its `render()` draws. The contract package is taken from its sources, as
 * the app's build does.
 */
async function renderAhead(module: string): Promise<string> {
  const { module: loaded } = await runnerImport<{ render: () => string }>(module, {
    configFile: false,
    root: fileURLToPath(new URL('..', import.meta.url)),
    logLevel: 'warn',
    resolve: {
      alias: {
        '@urs/sync-protocol': fileURLToPath(
          new URL('../../sync-protocol/src/index.ts', import.meta.url),
        ),
      },
    },
  });
  return loaded.render();
}

const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk =>
  file?.type === 'chunk';

/**
 * The files of the named chunks and what they import, each once and none of `known` (what the
 * page preloads anyway), as the URLs the starter preloads.
 */
export function chunkFiles(
  bundle: OutputBundle,
  chunkNames: readonly string[],
  known: readonly string[],
): string[] {
  const files = new Set<string>();
  const skip = new Set(known);
  for (const name of chunkNames) {
    for (const file of staticClosure(bundle, namedChunkFile(bundle, name, 'route-html'))) {
      if (!skip.has(`/${file}`)) files.add(`/${file}`);
    }
  }
  return [...files];
}

/**
 * The frame drawn ahead with the chunks its screen needs in `data-preload`, which the starter
 * adds to what it preloads when the frame is still there once it runs (the frame's own script
 * removes it when it is not shown, and with it the list). Loading a lazy screen, Vite's preload
 * helper appends a link for each chunk it imports that is not linked yet, all in one task (the
 * signed-in shell and the dashboard: 30-130 ms at 4x CPU, blocking the page drawn ahead); asked
 * for by the starter, a few per task, they are linked already. A signed-out visitor asks for
 * none of them.
 */
export function framePreloads(markup: string, id: string, files: readonly string[]): string {
  const open = `<div id="${id}"`;
  if (!markup.includes(open)) throw new Error(`route-html: the frame has no ${open}>`);
  return markup.replace(open, `${open} data-preload="${files.join(' ')}"`);
}

/**
 * The link tags a page needs beyond index.html's: its chunks and their stylesheets, or only the
 * stylesheets.
 */
export function routeLinks(
  bundle: OutputBundle,
  chunkName: string,
  only: 'all' | 'stylesheets' = 'all',
): string {
  const shell = new Set(staticClosure(bundle, entryFile(bundle, 'route-html')));
  const tags: string[] = [];
  for (const file of staticClosure(bundle, namedChunkFile(bundle, chunkName, 'route-html'))) {
    if (shell.has(file)) continue;
    if (only === 'all') tags.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
    const chunk = bundle[file];
    for (const css of isChunk(chunk) ? (chunk.viteMetadata?.importedCss ?? []) : []) {
      // Applied, not just fetched: the first frame rendered ahead is drawn with it.
      tags.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
    }
  }
  return tags.join('\n    ');
}

const HTML_OPEN = '<html lang="id">';
const ROOT = '<div id="root"></div>';

/**
 * Holds the first paint until the parser has reached `#root`, which follows the frame drawn
 * ahead: the whole frame, never part of it, is in the first paint. Without it Chrome painted a
 * half-parsed login form when the parser gave the main thread back in the middle of the body
 * with the stylesheets already there (the inline theme script's first localStorage read uses up
 * the parser's time slice, so it yields at `<body>`; on a loaded machine, again inside the form):
 * the card, centred in the viewport, then grew and moved up (layout shifts of 0.006-0.15 at 4-10x
 * CPU slowdown), and the largest text painted after the first paint, which made Lighthouse's
 * simulated LCP count every request begun in between. Chrome ends the block when the target is
 * inserted (not when it is closed), hence `#root` and not the frame's own container. Browsers
 * without `rel=expect` ignore it.
 */
const PAINT_WHOLE_FRAME = '<link rel="expect" href="#root" blocking="render">';
const ENTRY_TAG = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;

/** A page's first frame, rendered ahead, and the script that starts the app after it is drawn. */
export interface Frame {
  markup: string;
  /**
   * The starter's source (starterSource), put inline after `#root`: the page asks for no script
   * before its first paint.
   */
  starter: { inline: string };
  /** Put in `<div id="prerendered">` (the login form's), or as it is (markup with its own). */
  wrapped?: boolean;
}

/**
 * Preload links a starter adds per task (see starterSource): each is a request begun, 2-10 ms
 * at Lighthouse's 4x CPU on this machine, so four made tasks of up to 60 ms there. Two a task
 * still made tasks over Lighthouse's 50 ms on this machine's slower hours: in the signed-in
 * dashboard's runs (43-44 files), the preload tasks' blocking time was 0-182 ms a run at two
 * (over 50 ms in 5 of 18 runs) and 0-67 ms at one (over 50 ms in 1 of 24 runs, 2026-11-26).
 * The page's blocking time as a whole moved by more than that between runs either way.
 */
export const PRELOADS_PER_TASK = 1;

/**
 * Starts the page's scripts once the browser reports the frame drawn ahead (the element
 * `drawnAhead`) as painted: its first-contentful-paint entry, which carries the time the frame
 * reached the screen; with no frame left to paint (index.html off `/` or without a session),
 * after the next animation frame; and in any case after a second, or 200 ms without a frame (no
 * paint in a hidden tab):
 * imports the entry, then asks for every other chunk the page needs (`preloads`, then the
 * frame's own list while it is shown, then `last`), each once,
 * PRELOADS_PER_TASK a task (posted tasks where the browser has `scheduler.postTask`, timers
 * elsewhere). The next animation frame was too early: on a loaded machine the frame reached the
 * screen up to 220 ms after it was drawn, the scripts' requests began and ended in between,
 * and Lighthouse (whose paint times are the screen's) counted them in the first paint (LCP
 * 2.3 s in one run instead of 0.7 s). Declared in the HTML instead, the scripts would be high-priority requests begun
 * before the first paint, which Lighthouse's simulation counts as blocking it, and an entry
 * started at once would run its long evaluation before the paint. All the links in one task
 * made a long task of their own (16-20 ms at full speed for the login page's 17, each a
 * request to the network), counted as blocking time once the page had painted.
 */
export function starterSource(
  entry: string,
  preloads: readonly string[],
  { drawnAhead, last = [] }: { drawnAhead: string; last?: readonly string[] },
): string {
  return [
    'let started = false;',
    `const drawn = document.getElementById(${JSON.stringify(drawnAhead)});`,
    `const waiting = [...new Set([...${JSON.stringify(preloads)}, ...(drawn?.dataset.preload?.split(' ') ?? []), ...${JSON.stringify(last)}])];`,
    // A timer nested more than five deep waits at least 4 ms: 44 links, one a task, would take
    // at least about 170 ms to ask for that way. A posted task has no such floor (Chromium;
    // others: a timer).
    'const soon = (run) => {',
    '  const tasks = globalThis.scheduler;',
    "  if (typeof tasks?.postTask === 'function') void tasks.postTask(run);",
    '  else setTimeout(run, 0);',
    '};',
    'const preloadSome = () => {',
    `  for (const href of waiting.splice(0, ${PRELOADS_PER_TASK})) {`,
    "    const link = document.createElement('link');",
    "    link.rel = 'modulepreload';",
    "    link.crossOrigin = '';",
    '    link.href = href;',
    '    document.head.append(link);',
    '  }',
    '  if (waiting.length > 0) soon(preloadSome);',
    '};',
    'const start = () => {',
    '  if (started) return;',
    '  started = true;',
    `  void import(${JSON.stringify(entry)});`,
    '  soon(preloadSome);',
    '};',
    'const waitForPaint = drawn !== null &&',
    "  PerformanceObserver.supportedEntryTypes?.includes('paint') === true;",
    'if (waitForPaint) {',
    '  new PerformanceObserver((list) => {',
    "    if (list.getEntriesByName('first-contentful-paint').length > 0) setTimeout(start, 0);",
    "  }).observe({ type: 'paint', buffered: true });",
    '} else {',
    '  requestAnimationFrame(() => setTimeout(start, 0));',
    '}',
    'setTimeout(start, waitForPaint ? 1000 : 200);',
    '',
  ].join('\n');
}

const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * The page's stylesheets written into it, each where its link was (so the cascade is the
 * same): a page drawn ahead then paints with its HTML alone. Linked, the stylesheets were one
 * more round trip before the first paint (a new connection and a request on a slow line), and
 * Lighthouse's simulated first paint of the login page stayed at about 1.5x a static page's
 * however early the browser really painted. The app's own CSS is about 6 KB compressed; the
 * page is never cached (index.html's rules), so this is paid on each visit to it instead.
 * Each `<style>` is followed by a disabled link to its file, which the browser neither fetches
 * nor applies: Vite's preload helper, loading the screen's chunk, looks for a stylesheet link
 * to each of the chunk's CSS files and, finding none, linked the same files again (requests
 * for what the page already had, the screen held back until they arrived, and the document's
 * style recalculated for rules it already applied).
 */
export function inlineStylesheets(html: string, stylesheet: (file: string) => string): string {
  return html.replace(STYLESHEET, (_link, file: string) => {
    const css = stylesheet(file);
    if (/<\/style/i.test(css)) throw new Error(`route-html: ${file} cannot be put in a <style>`);
    return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

/** A CSS file's text from the build's output. */
function cssOf(bundle: OutputBundle, file: string): string {
  const asset = bundle[file];
  if (asset?.type !== 'asset') throw new Error(`route-html: no stylesheet ${file} in the build`);
  return typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
}

/**
 * The entry and the chunks index.html (and the page's links) preload, in their order, each once.
 */
export function pageScripts(index: string, links: string): { entry: string; preloads: string[] } {
  const entry = ENTRY_TAG.exec(index)?.[1];
  if (entry === undefined) throw new Error('route-html: index.html has no entry script');
  const preloads = [...`${index}${links}`.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return { entry, preloads: [...new Set(preloads)] };
}

/**
 * What a page's starter loads: pageScripts' entry and preloads, then (`last`) the start chunks
 * and what they import that is not preloaded already. Last, after the frame's own list too
 * (starterSource): React DOM is needed only once the route has loaded.
 */
export function startScripts(
  bundle: OutputBundle,
  index: string,
  links: string,
  startChunks: readonly string[],
): { entry: string; preloads: string[]; last: string[] } {
  const { entry, preloads } = pageScripts(index, links);
  return { entry, preloads, last: chunkFiles(bundle, startChunks, preloads) };
}

/**
 * index.html with the page's links, and its first frame (when it has one) drawn before `#root`
 * in the default theme, so the browser paints it, whole (PAINT_WHOLE_FRAME), before any script
 * runs; its scripts are then left to the frame's starter script (starterSource), and only the
 * stylesheets stay in the head.
 */
export function pageHtml(index: string, links: string, frame: Frame | null): string {
  const withLinks = index.replace('</head>', `\n    ${links}\n  </head>`);
  if (frame === null) return withLinks;
  if (!ENTRY_TAG.test(index) || !index.includes(HTML_OPEN) || !index.includes(ROOT)) {
    throw new Error('route-html: index.html has no entry script, <html lang="id"> or #root');
  }
  const { starter } = frame;
  const started = withLinks
    .replace(ENTRY_TAG, '')
    .replace(ROOT, `${ROOT}\n    <script type="module">${starter.inline}</script>`);
  return started
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `  ${PAINT_WHOLE_FRAME}\n  </head>`)
    .replace(HTML_OPEN, '<html lang="id" data-theme="dark" style="color-scheme: dark">')
    .replace(
      ROOT,
      `${frame.wrapped === false ? frame.markup : `<div id="${PRERENDERED_ID}">${frame.markup}</div>`}\n    ${ROOT}`,
    );
}

/**
 * Writes `<page>/index.html` for each of ROUTE_PAGES: index.html plus modulepreload links for
 * the chunks that page draws with, so the browser fetches them beside the entry instead of a
 * round trip after it (the router only asks for a screen once the entry has run); a page drawn
 * ahead gets its stylesheets written in (inlineStylesheets). index.html itself stays the
 * shell's, so no other page downloads more.
 */
export function routeHtml(
  pages: Record<string, RoutePage> = ROUTE_PAGES,
  shellFrame: ShellFrame | null = SHELL_FRAME,
  startChunks: readonly string[] = START_CHUNKS,
): Plugin {
  return {
    name: 'urs-route-html',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') {
        this.error('route-html: index.html is not in the build');
      }
      const original = index.source;
      for (const [page, { chunk, markup }] of Object.entries(pages)) {
        const links = routeLinks(bundle, chunk);
        const { entry, preloads, last } = startScripts(bundle, original, links, startChunks);
        // Asks for no stylesheet or script before its first paint: both are inline.
        const frame: Frame | null =
          markup === undefined
            ? null
            : {
                markup: await renderAhead(markup),
                starter: {
                  inline: starterSource(entry, preloads, {
                    drawnAhead: PRERENDERED_ID,
                    last,
                  }),
                },
              };
        const html = pageHtml(original, links, frame);
        this.emitFile({
          type: 'asset',
          fileName: `${page}/index.html`,
          source: frame === null ? html : inlineStylesheets(html, (file) => cssOf(bundle, file)),
        });
      }
      if (shellFrame !== null) {
        const { entry, preloads, last } = startScripts(bundle, original, '', startChunks);
        const drawn = framePreloads(
          await renderAhead(shellFrame.markup),
          SIGNED_IN_FRAME_ID,
          chunkFiles(bundle, shellFrame.preload, preloads),
        );
        const markup = `${drawn}\n    <script>${shellFrame.script()}</script>`;
        // As the login page: no stylesheet or script asked of the network before the frame's
        // first paint (both inline), since each
        // request begun before it was counted in Lighthouse's simulated paint (the signed-in
        // dashboard's LCP stayed 1.6x a static page's with the frame painted at once).
        const html = pageHtml(original, routeLinks(bundle, shellFrame.chunk, 'stylesheets'), {
          markup,
          starter: {
            inline: starterSource(entry, preloads, {
              drawnAhead: SIGNED_IN_FRAME_ID,
              last,
            }),
          },
          wrapped: false,
        });
        index.source = inlineStylesheets(html, (file) => cssOf(bundle, file));
      }
    },
  };
}
