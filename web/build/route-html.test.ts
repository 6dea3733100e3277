import { describe, expect, it } from 'vitest';
import vm from 'node:vm';
import {
  inlineStylesheets,
  pageHtml,
  pageScripts,
  PRELOADS_PER_TASK,
  routeLinks,
  starterSource,
  chunkFiles,
  framePreloads,
  startScripts,
} from './route-html.js';
import { bundleOf, chunk } from './test-bundle.js';

describe('a page’s own preload links', () => {
  const bundle = bundleOf(
    chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/react-b2.js'] }),
    chunk('assets/react-b2.js', {}),
    chunk('assets/login-screen-c3.js', {
      imports: ['assets/react-b2.js', 'assets/field-d4.js'],
      css: ['assets/login-screen-e5.css'],
    }),
    chunk('assets/field-d4.js', { imports: ['assets/react-b2.js'] }),
  );

  it('lists the screen’s chunk, what it imports and its stylesheet, but nothing the shell loads', () => {
    const links = routeLinks(bundle, 'login-screen');
    expect(links).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/login-screen-c3.js">',
    );
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/field-d4.js">');
    expect(links).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/login-screen-e5.css">',
    );
    expect(links).not.toContain('react-b2');
    expect(links).not.toContain('index-a1');
  });

  it('gives only the stylesheets when asked, for a frame whose scripts the entry asks for', () => {
    expect(routeLinks(bundle, 'login-screen', 'stylesheets')).toBe(
      '<link rel="stylesheet" crossorigin href="/assets/login-screen-e5.css">',
    );
  });

  it('stops the build when the screen’s chunk is not there (renamed), instead of a page without links', () => {
    expect(() => routeLinks(bundle, 'logon-screen')).toThrow(/no chunk named logon-screen/);
  });
});

describe('the chunks a frame drawn ahead preloads while it is shown', () => {
  const bundle = bundleOf(
    chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/react-b2.js'] }),
    chunk('assets/react-b2.js', {}),
    chunk('assets/signed-in-shell-f6.js', { imports: ['assets/sync-g7.js', 'assets/react-b2.js'] }),
    chunk('assets/sync-g7.js', {}),
    chunk('assets/dashboard-screen-h8.js', { imports: ['assets/sync-g7.js'] }),
  );

  it('lists the screens’ chunks and what they import once, without what the page preloads anyway', () => {
    expect(
      chunkFiles(bundle, ['signed-in-shell', 'dashboard-screen'], ['/assets/react-b2.js']),
    ).toEqual([
      '/assets/signed-in-shell-f6.js',
      '/assets/sync-g7.js',
      '/assets/dashboard-screen-h8.js',
    ]);
  });

  it('stops the build when a named chunk is not there (renamed)', () => {
    expect(() => chunkFiles(bundle, ['dashbord-screen'], [])).toThrow(
      /no chunk named dashbord-screen/,
    );
  });

  it('writes the list on the frame’s own element, which its script removes when it is not shown', () => {
    const markup = '<div id="signed-in-ahead" hidden inert><main></main></div>';
    expect(framePreloads(markup, 'signed-in-ahead', ['/assets/a.js', '/assets/b.js'])).toBe(
      '<div id="signed-in-ahead" data-preload="/assets/a.js /assets/b.js" hidden inert><main></main></div>',
    );
    expect(() => framePreloads('<main></main>', 'signed-in-ahead', [])).toThrow(/has no/);
  });
});

describe('the scripts a page’s starter loads', () => {
  const bundle = bundleOf(
    chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/react-b2.js'] }),
    chunk('assets/react-b2.js', {}),
    chunk('assets/react-root-c3.js', { imports: ['assets/react-b2.js', 'assets/dom-d4.js'] }),
    chunk('assets/dom-d4.js', {}),
    chunk('assets/login-screen-e5.js', { imports: ['assets/react-b2.js'] }),
  );
  const index =
    '<script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
    '<link rel="modulepreload" crossorigin href="/assets/react-b2.js">';
  const links = '<link rel="modulepreload" crossorigin href="/assets/login-screen-e5.js">';

  it('gives the chunks the entry imports as it starts, and theirs, to be preloaded last', () => {
    expect(startScripts(bundle, index, links, ['react-root'])).toEqual({
      entry: '/assets/index-a1.js',
      preloads: ['/assets/react-b2.js', '/assets/login-screen-e5.js'],
      last: ['/assets/react-root-c3.js', '/assets/dom-d4.js'],
    });
  });

  it('leaves out of the last ones what the page preloads anyway', () => {
    const root = '<link rel="modulepreload" crossorigin href="/assets/dom-d4.js">';
    expect(startScripts(bundle, index, root, ['react-root']).last).toEqual([
      '/assets/react-root-c3.js',
    ]);
    expect(startScripts(bundle, index, links, []).last).toEqual([]);
  });

  it('stops the build when a start chunk is not there (renamed)', () => {
    expect(() => startScripts(bundle, index, links, ['react-rot'])).toThrow(
      /no chunk named react-rot/,
    );
  });
});

describe('a page’s own index.html', () => {
  const index =
    '<!doctype html>\n<html lang="id">\n  <head>\n    <title>URS</title>\n    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';
  const links = '<link rel="modulepreload" crossorigin href="/assets/login-screen-c3.js">';
  /** The login form drawn ahead into `page` (index.html by default) with the given starter. */
  const loginPage = (starter: { inline: string }, page = index) =>
    pageHtml(page, links, { markup: '<main class="auth">Masuk</main>', starter });

  it('draws the frame rendered ahead before the app’s root, in the default theme', () => {
    const html = loginPage({ inline: 'start();' });
    expect(html).toContain(
      '<div id="prerendered"><main class="auth">Masuk</main></div>\n    <div id="root"></div>',
    );
    expect(html).toContain('<html lang="id" data-theme="dark" style="color-scheme: dark">');
    expect(html.indexOf(links)).toBeLessThan(html.indexOf('</head>'));
  });

  it('holds the first paint until the parser reaches the root after the frame, so it is drawn whole', () => {
    const html = loginPage({ inline: 'start();' });
    const expectRoot = '<link rel="expect" href="#root" blocking="render">';
    expect(html.indexOf(expectRoot)).toBeGreaterThan(-1);
    expect(html.indexOf(expectRoot)).toBeLessThan(html.indexOf('</head>'));
    expect(html.indexOf('id="root"')).toBeGreaterThan(html.indexOf('Masuk</main>'));
  });

  it('leaves its scripts to a starter that asks for them after the first paint', () => {
    const html = loginPage({ inline: 'start();' });
    expect(html).not.toContain('src="/assets/index-a1.js"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<div id="root"></div>\n    <script type="module">start();</script>');
    const { entry, preloads } = pageScripts(index, links);
    expect(entry).toBe('/assets/index-a1.js');
    expect(preloads).toEqual(['/assets/login-screen-c3.js']);
    const starter = starterSource(entry, preloads, { drawnAhead: 'prerendered' });
    expect(starter).toContain('import("/assets/index-a1.js")');
    expect(starter).toContain('["/assets/login-screen-c3.js"]');
  });

  interface Page {
    /** The element holding what was drawn ahead is in the document. */
    drawnAhead: boolean;
    /** The browser reports paints (Paint Timing); the frame reaches the screen at 50 ms. */
    paintTiming: boolean;
    /** Animation frames run (not in a hidden tab); the next one at 16 ms. */
    frames: boolean;
    /** The frame's own `data-preload` list (framePreloads), if it has one. */
    framePreload?: string;
    /**
     * The browser has `scheduler.postTask` (Chromium), whose tasks are counted here: a posted
     * task runs as a zero timer does in this model, without the real timers' 4 ms floor.
     */
    posted?: { count: number };
  }

  /**
   * Runs a starter against a page's event loop in miniature: timers, animation frames and the
   * paint report run in time order, one task each; returns what each task asked for.
   */
  function runStarter(source: string, page: Page): string[][] {
    const queue: { at: number; seq: number; run: () => void; label?: string }[] = [];
    let now = 0;
    let seq = 0;
    const tasks: string[][] = [];
    const asked = (what: string) => tasks.at(-1)?.push(what);
    const later = (at: number, run: () => void, label?: string) =>
      queue.push({ at, seq: seq++, run, ...(label === undefined ? {} : { label }) });
    const paints = [{ name: 'first-paint' }, { name: 'first-contentful-paint' }];
    class PerformanceObserver {
      static supportedEntryTypes = page.paintTiming ? ['paint'] : [];
      constructor(
        private readonly report: (list: { getEntriesByName: (name: string) => unknown[] }) => void,
      ) {}
      observe({ type }: { type: string }) {
        if (type !== 'paint') return;
        const getEntriesByName = (name: string) => paints.filter((p) => p.name === name);
        later(50, () => this.report({ getEntriesByName }), '(painted)');
      }
    }
    const scheduler =
      page.posted === undefined
        ? undefined
        : {
            postTask: (run: () => void) => {
              if (page.posted !== undefined) page.posted.count += 1;
              later(now, run);
              return Promise.resolve();
            },
          };
    const context = vm.createContext({
      ...(scheduler === undefined ? {} : { scheduler }),
      setTimeout: (run: () => void, ms = 0) => later(now + ms, run),
      requestAnimationFrame: (run: () => void) => {
        if (page.frames) later(now + 16, run, '(frame)');
      },
      PerformanceObserver,
      document: {
        getElementById: (id: string) =>
          page.drawnAhead && id === 'prerendered'
            ? { dataset: page.framePreload === undefined ? {} : { preload: page.framePreload } }
            : null,
        createElement: () => ({}),
        head: {
          append: (link: { rel: string; href: string }) => asked(`${link.rel} ${link.href}`),
        },
      },
      // The page's dynamic import, which vm cannot run: the request it makes is what counts.
      importEntry: (href: string) => asked(`import ${href}`),
    });
    vm.runInContext(source.replace('import(', 'importEntry('), context);
    while (queue.length > 0) {
      queue.sort((x, y) => x.at - y.at || x.seq - y.seq);
      const next = queue.shift();
      if (next === undefined) break;
      now = next.at;
      tasks.push(next.label === undefined ? [] : [`${next.label} ${next.at} ms`]);
      next.run();
    }
    return tasks.filter((task) => task.length > 0);
  }

  const login = (preloads: string[]) =>
    starterSource('/assets/index-a1.js', preloads, { drawnAhead: 'prerendered' });
  const shown: Page = { drawnAhead: true, paintTiming: true, frames: true };

  it('starts once the frame drawn ahead is reported painted: the entry first, then the other chunks a few per task', () => {
    const preloads = Array.from({ length: 9 }, (_, i) => `/assets/chunk-${i}.js`);
    const tasks = runStarter(login(preloads), shown);
    expect(tasks[0]).toEqual(['(painted) 50 ms']);
    expect(tasks[1]).toEqual(['import /assets/index-a1.js']);
    const preloading = tasks.slice(2);
    expect(preloading.flat()).toEqual(preloads.map((href) => `modulepreload ${href}`));
    expect(Math.max(...preloading.map((task) => task.length))).toBe(PRELOADS_PER_TASK);
    expect(preloading).toHaveLength(Math.ceil(preloads.length / PRELOADS_PER_TASK));
  });

  it('asks for the preloads in posted tasks where the browser has scheduler.postTask', () => {
    const framed = { ...shown, framePreload: '/assets/shell.js /assets/screen.js' };
    const withTimers = runStarter(login(['/assets/a.js']), framed);
    const posted = { count: 0 };
    expect(runStarter(login(['/assets/a.js']), { ...framed, posted })).toEqual(withTimers);
    // One posted task per preload task: none of them waited for a timer.
    expect(posted.count).toBe(
      withTimers.filter((task) => task[0]?.startsWith('modulepreload')).length,
    );
    expect(posted.count).toBe(3);
  });

  it('preloads the chunks the frame still shown lists after the page’s own, each once', () => {
    const framed = { ...shown, framePreload: '/assets/a.js /assets/shell.js /assets/screen.js' };
    expect(runStarter(login(['/assets/a.js']), framed)).toEqual([
      ['(painted) 50 ms'],
      ['import /assets/index-a1.js'],
      ['modulepreload /assets/a.js'],
      ['modulepreload /assets/shell.js'],
      ['modulepreload /assets/screen.js'],
    ]);
  });

  it('preloads the start chunks last, after the frame’s list, each once', () => {
    const starter = starterSource('/assets/index-a1.js', ['/assets/a.js'], {
      drawnAhead: 'prerendered',
      last: ['/assets/react-root.js', '/assets/screen.js'],
    });
    const framed = { ...shown, framePreload: '/assets/shell.js /assets/screen.js' };
    expect(runStarter(starter, framed)).toEqual([
      ['(painted) 50 ms'],
      ['import /assets/index-a1.js'],
      ['modulepreload /assets/a.js'],
      ['modulepreload /assets/shell.js'],
      ['modulepreload /assets/screen.js'],
      ['modulepreload /assets/react-root.js'],
    ]);
    expect(runStarter(starter, { ...shown, drawnAhead: false }).slice(2)).toEqual([
      ['modulepreload /assets/a.js'],
      ['modulepreload /assets/react-root.js'],
      ['modulepreload /assets/screen.js'],
    ]);
  });

  it('starts after the next animation frame when nothing drawn ahead is left to paint', () => {
    expect(runStarter(login(['/assets/a.js']), { ...shown, drawnAhead: false })).toEqual([
      ['(frame) 16 ms'],
      ['import /assets/index-a1.js'],
      ['modulepreload /assets/a.js'],
    ]);
  });

  it('starts once, after a second, when no paint is reported (a hidden tab, an old browser)', () => {
    const hidden = { drawnAhead: true, paintTiming: false, frames: false };
    const tasks = runStarter(login(['/assets/a.js']), hidden);
    expect(tasks).toEqual([['import /assets/index-a1.js'], ['modulepreload /assets/a.js']]);
  });

  it('asks for no script before its first paint, and links the manifest in its head', () => {
    const withManifest = index.replace(
      '</head>',
      '  <link rel="manifest" href="/manifest.webmanifest">\n  </head>',
    );
    const html = loginPage({ inline: 'start();' }, withManifest);
    expect(html).not.toContain('<script type="module" crossorigin src=');
    // Installable whether or not a script has run.
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain(
      '<div id="prerendered"><main class="auth">Masuk</main></div>\n    <div id="root"></div>\n    <script type="module">start();</script>',
    );
  });

  it('stops the build when index.html has no entry script to start after the paint', () => {
    const frame = { markup: '<main></main>', starter: { inline: 'start();' } };
    expect(() => pageHtml(index.replace(/<script.*<\/script>/, ''), links, frame)).toThrow(
      /no entry script/,
    );
  });

  it('is index.html with its links only, for a page without a frame', () => {
    const html = pageHtml(index, links, null);
    expect(html).not.toContain('prerendered');
    expect(html).not.toContain('rel="expect"');
    expect(html).toContain('<html lang="id">');
    expect(html).toContain('src="/assets/index-a1.js"');
    expect(html).toContain(links);
  });

  it('puts a frame that carries its own container in as it is (the signed-in frame)', () => {
    const markup = '<div id="signed-in-ahead" hidden=""></div>\n    <script>show()</script>';
    const html = pageHtml(index, '', {
      markup,
      starter: { inline: 'start()' },
      wrapped: false,
    });
    expect(html).toContain(`${markup}\n    <div id="root"></div>`);
    expect(html).not.toContain('prerendered');
    expect(html).toContain('<div id="root"></div>\n    <script type="module">start()</script>');
    expect(html).not.toContain('src="/assets/index-a1.js"');
  });
});

describe('stylesheets written into a page drawn ahead', () => {
  const html =
    '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">\n    <link rel="manifest" href="/manifest.webmanifest">\n    <link rel="stylesheet" crossorigin href="/assets/login-screen-c3.css">\n  </head>';
  const css: Record<string, string> = {
    'assets/index-a1.css': ':root{--bg:#0f172a}',
    'assets/login-screen-c3.css': '.auth-divider{display:flex}',
  };

  it('puts each stylesheet where its link was, so the cascade keeps its order', () => {
    expect(inlineStylesheets(html, (file) => css[file] ?? '')).toBe(
      '<head>\n    <style>:root{--bg:#0f172a}</style><link rel="stylesheet" crossorigin href="/assets/index-a1.css" disabled>\n    <link rel="manifest" href="/manifest.webmanifest">\n    <style>.auth-divider{display:flex}</style><link rel="stylesheet" crossorigin href="/assets/login-screen-c3.css" disabled>\n  </head>',
    );
  });

  it('leaves a disabled link to each file written in, which Vite’s preload helper takes as already loaded', () => {
    const written = inlineStylesheets(html, (file) => css[file] ?? '');
    // The helper's own test: a link whose rel is stylesheet, to the file's URL.
    const links = [...written.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"([^>]*)>/g)];
    expect(links.map((link) => [link[1], link[2]])).toEqual([
      ['/assets/index-a1.css', ' disabled'],
      ['/assets/login-screen-c3.css', ' disabled'],
    ]);
  });

  it('stops the build on a stylesheet that would end its <style> early', () => {
    expect(() => inlineStylesheets(html, () => 'a::after{content:"</style>"}')).toThrow(
      /cannot be put in a <style>/,
    );
  });
});
