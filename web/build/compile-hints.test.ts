import { brotliCompressSync, gzipSync } from 'node:zlib';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Plugin, Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, hintChunk, openingFiles } from './compile-hints.js';
import { asset, bundleOf, chunk } from './test-bundle.js';

type OutputChunk = Rollup.OutputChunk;
type OutputAsset = Rollup.OutputAsset;

/** A build's chunks: the entry, the login and dashboard screens, and a screen opened later. */
const graph = () =>
  bundleOf(
    chunk('assets/index-a1.js', { isEntry: true, imports: ['assets/react-b2.js'] }),
    chunk('assets/react-b2.js'),
    chunk('assets/login-screen-c3.js', { imports: ['assets/field-d4.js', 'assets/react-b2.js'] }),
    chunk('assets/field-d4.js', { imports: ['assets/react-b2.js'] }),
    chunk('assets/dashboard-screen-e5.js', { imports: ['assets/card-f6.js'] }),
    chunk('assets/card-f6.js'),
    chunk('assets/inventory-screen-g7.js', {
      imports: ['assets/table-h8.js', 'assets/card-f6.js'],
    }),
    chunk('assets/table-h8.js'),
    chunk('assets/jspdf-i9.js'),
  );

describe('the chunks a first visit runs at once', () => {
  it('are the entry, the opening screens and what they import, each once; never a screen opened later', () => {
    expect([...openingFiles(graph(), ['login-screen', 'dashboard-screen'])].sort()).toEqual([
      'assets/card-f6.js',
      'assets/dashboard-screen-e5.js',
      'assets/field-d4.js',
      'assets/index-a1.js',
      'assets/login-screen-c3.js',
      'assets/react-b2.js',
    ]);
  });

  it('leave out an external import, which is no chunk of the build', () => {
    const bundle = graph();
    (bundle['assets/field-d4.js'] as OutputChunk).imports = ['assets/react-b2.js', 'html2canvas'];
    expect(openingFiles(bundle, ['login-screen'])).not.toContain('html2canvas');
  });

  it('stop the build when an opening screen’s chunk is not there (renamed), instead of losing its hint', () => {
    expect(() => openingFiles(graph(), ['logon-screen'])).toThrow(/no chunk named logon-screen/);
  });
});

describe('a hinted chunk', () => {
  /** A one-line minified chunk with its source map: `b()` maps to line 3 of src/app.ts. */
  const mapped = () => {
    const map = {
      version: 3,
      file: 'index-a1.js',
      sources: ['../../src/app.ts'],
      names: [],
      // Generated column 0 → source line 0, and generated column 10 → source line 2.
      mappings: 'AAAA,UAEA',
    };
    return bundleOf(
      chunk('assets/index-a1.js', {
        isEntry: true,
        code: 'const a=1;b();\n//# sourceMappingURL=index-a1.js.map',
        map: { ...map, toString: () => JSON.stringify(map), toUrl: () => '' } as never,
      }),
      asset('assets/index-a1.js.map', JSON.stringify(map)),
    );
  };

  it('opens with the hint as its first line and keeps its code after it, unchanged', () => {
    const bundle = mapped();
    hintChunk(bundle, 'assets/index-a1.js');
    expect((bundle['assets/index-a1.js'] as OutputChunk).code).toBe(
      `${COMPILE_HINT}\nconst a=1;b();\n//# sourceMappingURL=index-a1.js.map`,
    );
  });

  it('has its source map moved down the line added, so its code still maps to its sources', () => {
    const bundle = mapped();
    const before = new TraceMap((bundle['assets/index-a1.js.map'] as OutputAsset).source as string);
    hintChunk(bundle, 'assets/index-a1.js');
    const after = new TraceMap((bundle['assets/index-a1.js.map'] as OutputAsset).source as string);
    expect(originalPositionFor(before, { line: 1, column: 10 })).toMatchObject({ line: 3 });
    expect(originalPositionFor(after, { line: 2, column: 10 })).toMatchObject({
      source: '../../src/app.ts',
      line: 3,
    });
    expect(originalPositionFor(after, { line: 1, column: 0 }).source).toBeNull();
    expect((bundle['assets/index-a1.js'] as OutputChunk).map?.mappings).toBe(';AAAA,UAEA');
  });

  it('is refused when it opens with a shebang, which must stay first', () => {
    const bundle = bundleOf(chunk('assets/cli-a1.js', { code: '#!/usr/bin/env node\nrun();' }));
    expect(() => hintChunk(bundle, 'assets/cli-a1.js')).toThrow(/opens with #!/);
  });

  it('is hinted once, however often it is asked', () => {
    const bundle = mapped();
    hintChunk(bundle, 'assets/index-a1.js');
    hintChunk(bundle, 'assets/index-a1.js');
    const code = (bundle['assets/index-a1.js'] as OutputChunk).code;
    expect(code.split(COMPILE_HINT)).toHaveLength(2);
    expect((bundle['assets/index-a1.js.map'] as OutputAsset).source).toContain('";AAAA,UAEA"');
  });
});

describe('the plugin in a build', () => {
  /** Vite's import analysis as it behaves: a `__vite__mapDeps` line put first in the entry. */
  const importAnalysis = (): Plugin => ({
    name: 'vite:build-import-analysis',
    generateBundle(_options, bundle) {
      const entry = bundle['assets/index-a1.js'] as OutputChunk;
      entry.code = `const __vite__mapDeps=(i)=>i;\n${entry.code}`;
    },
  });

  /**
   * Runs the hooks a build runs, in its order: Vite's import analysis with the hint chained to
   * it, then compression's copies of the entry (chained after both in a real build).
   */
  const build = async () => {
    const analysis = importAnalysis();
    const plugin = compileHints(['login-screen']);
    const bundle = graph();
    (plugin.configResolved as (config: unknown) => void)({ plugins: [analysis, plugin] });
    const context = {
      error: (message: string) => {
        throw new Error(message);
      },
    };
    // Rendering, then hashing: the chunks as rendered are the same graph here.
    (plugin.renderStart as () => void).call(context);
    for (const file of Object.keys(bundle)) {
      (plugin.renderChunk as (...args: unknown[]) => unknown).call(
        context,
        '',
        bundle[file],
        {},
        {
          chunks: bundle,
        },
      );
    }
    const hashes = Object.fromEntries(
      Object.entries(bundle).map(([file, rendered]) => [
        file,
        (plugin.augmentChunkHash as (chunk: unknown) => string | undefined).call(context, rendered),
      ]),
    );
    const generate = analysis.generateBundle as (...args: unknown[]) => Promise<void>;
    await generate.call(context, {}, bundle);
    const compress = (code: string) => {
      bundle['assets/index-a1.js.br'] = asset('assets/index-a1.js.br', brotliCompressSync(code));
      bundle['assets/index-a1.js.gz'] = asset('assets/index-a1.js.gz', gzipSync(code));
    };
    const entry = bundle['assets/index-a1.js'] as OutputChunk;
    compress(entry.code);
    const write = () =>
      (plugin.writeBundle as (...args: unknown[]) => void).call(context, {}, bundle);
    return { bundle, entry, hashes, compress, write };
  };

  it('puts the hint ahead of Vite’s first line, in the code compression copies next', async () => {
    const { bundle, entry, write } = await build();
    expect(entry.code.startsWith(`${COMPILE_HINT}\nconst __vite__mapDeps=`)).toBe(true);
    expect((bundle['assets/login-screen-c3.js'] as OutputChunk).code.startsWith(COMPILE_HINT)).toBe(
      true,
    );
    expect((bundle['assets/inventory-screen-g7.js'] as OutputChunk).code).not.toContain(
      COMPILE_HINT,
    );
    expect(write).not.toThrow();
  });

  it('puts the hint in the hash of each chunk that gets it, and only theirs', async () => {
    const { hashes } = await build();
    expect(hashes).toEqual({
      'assets/index-a1.js': COMPILE_HINT,
      'assets/react-b2.js': COMPILE_HINT,
      'assets/login-screen-c3.js': COMPILE_HINT,
      'assets/field-d4.js': COMPILE_HINT,
      'assets/dashboard-screen-e5.js': undefined,
      'assets/card-f6.js': undefined,
      'assets/inventory-screen-g7.js': undefined,
      'assets/table-h8.js': undefined,
      'assets/jspdf-i9.js': undefined,
    });
  });

  it('fails the build when a compressed copy was made without the hint', async () => {
    const { entry, compress, write } = await build();
    compress(entry.code.slice(`${COMPILE_HINT}\n`.length));
    expect(write).toThrow(/index-a1\.js\.br was compressed before the hint was added/);
  });

  it('fails the build when no compressed copy of a hinted chunk was there to check', async () => {
    const { bundle, write } = await build();
    delete bundle['assets/index-a1.js.br'];
    delete bundle['assets/index-a1.js.gz'];
    expect(write).toThrow(/no compressed copy of a hinted chunk to check/);
  });

  it('stops the build when a chunk would get the hint without it in its hash', async () => {
    const analysis = importAnalysis();
    const plugin = compileHints(['login-screen']);
    (plugin.configResolved as (config: unknown) => void)({ plugins: [analysis, plugin] });
    // Nothing rendered through the plugin, so no hash holds the hint.
    await expect(
      (analysis.generateBundle as (...args: unknown[]) => Promise<void>).call({}, {}, graph()),
    ).rejects.toThrow(/4 chunks hinted, 0 with the hint in their hash/);
  });

  it('stops the build when Vite no longer has the import analysis it follows', () => {
    const plugin = compileHints(['login-screen']);
    expect(() =>
      (plugin.configResolved as (config: unknown) => void)({ plugins: [plugin] }),
    ).toThrow(/no generateBundle of Vite’s import analysis/);
  });
});
