import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bundleSizeRows,
  initialScriptsOf,
  measureBundle,
  measureRoute,
  staticImportsOf,
} from './bundle-size.js';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-bundle-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

const files: Record<string, string> = {
  'assets/index-a.js':
    'import{a as b}from"./vendor-b.js";import"./side-c.js";import("./lazy-d.js");',
  'assets/vendor-b.js': 'export{x}from"./deep-e.js";export const a=1;',
  'assets/side-c.js': 'console.log("c")',
  'assets/deep-e.js': 'export const x=2;',
  'assets/lazy-d.js': 'export const big="' + 'z'.repeat(5000) + '";',
  'assets/preloaded-f.js': 'export const f=3;',
  'assets/screen-Ab_1cd-X.js': 'import"./deep-e.js";import"./screen-part-g.js";',
  'assets/screen-part-g.js': 'export const g=4;',
};
fs.mkdirSync(path.join(dist, 'assets'));
for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), code);
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<html><head><script type="module" crossorigin src="/assets/index-a.js"></script>
<link rel="modulepreload" crossorigin href="/assets/preloaded-f.js">
<link rel="stylesheet" href="/assets/index.css"></head></html>`,
);
const gz = (name: string) => gzipSync(Buffer.from(files[name] ?? ''), { level: 9 }).length;

describe('bundle size', () => {
  it('reads the entry and the modulepreload links, not stylesheets', () => {
    expect(initialScriptsOf(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'))).toEqual([
      'assets/index-a.js',
      'assets/preloaded-f.js',
    ]);
  });

  it('follows static imports and re-exports, never dynamic imports', () => {
    expect(staticImportsOf(files['assets/index-a.js'] ?? '')).toEqual([
      './vendor-b.js',
      './side-c.js',
    ]);
    expect(staticImportsOf(files['assets/vendor-b.js'] ?? '')).toEqual(['./deep-e.js']);
  });

  it('sums the gzipped initial JS against all JS', async () => {
    const size = await measureBundle(dist);
    expect(new Set(size.initialFiles)).toEqual(
      new Set([
        'assets/index-a.js',
        'assets/preloaded-f.js',
        'assets/vendor-b.js',
        'assets/side-c.js',
        'assets/deep-e.js',
      ]),
    );
    const initial = ['index-a', 'preloaded-f', 'vendor-b', 'side-c', 'deep-e']
      .map((n) => gz(`assets/${n}.js`))
      .reduce((a, b) => a + b, 0);
    expect(size.initialGzipBytes).toBe(initial);
    const lazy = ['lazy-d', 'screen-Ab_1cd-X', 'screen-part-g'].map((n) => gz(`assets/${n}.js`));
    expect(size.allJsGzipBytes).toBe(initial + lazy.reduce((a, b) => a + b, 0));
    const [row] = await bundleSizeRows(dist, {});
    expect(row?.ms).toBeCloseTo(initial / 1024, 5);
    expect(row?.baselineMs).toBeCloseTo(size.allJsGzipBytes / 1024, 5);
  });

  it('adds a route chunk and its static imports to the entry, counting shared files once', async () => {
    const route = await measureRoute(dist, ['screen']);
    expect(route.files).toContain('assets/screen-Ab_1cd-X.js');
    expect(route.files).toContain('assets/screen-part-g.js');
    expect(route.files.filter((f) => f === 'assets/deep-e.js')).toHaveLength(1);
    const size = await measureBundle(dist);
    expect(route.gzipBytes).toBe(
      size.initialGzipBytes + gz('assets/screen-Ab_1cd-X.js') + gz('assets/screen-part-g.js'),
    );
    const rows = await bundleSizeRows(dist, {
      'test screen': { chunks: ['screen'], budget: true },
      'reported screen': { chunks: ['screen'], budget: false },
    });
    expect(rows.map((r) => r.name)).toEqual([
      expect.stringContaining('initial JS of the shell'),
      expect.stringContaining('JS before the test screen draws'),
      expect.stringContaining('JS before the reported screen draws'),
    ]);
    expect(rows[1]?.ms).toBeCloseTo(route.gzipBytes / 1024, 5);
    expect(rows[1]?.target).toBe(rows[0]?.target);
    // The budget's own ratio, unrounded: a route just under 150 KB is judged under it.
    expect(rows[0]?.target).toBe(150 / (size.allJsGzipBytes / 1024));
    expect(rows[2]?.target).toBeUndefined();
  });

  it('names a missing route chunk instead of measuring nothing', async () => {
    await expect(measureRoute(dist, ['nope'])).rejects.toThrow('No chunk named nope');
  });
});

describe('a shell whose scripts wait for its first paint', () => {
  const started = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-bundle-start-'));
  afterAll(() => fs.rmSync(started, { recursive: true, force: true }));
  const starter =
    'const start = () => { for (const href of ["/assets/preloaded-f.js"]) {} void import("/assets/index-a.js"); };';

  it('counts the entry and the chunks the starter written into the page asks for', async () => {
    fs.mkdirSync(path.join(started, 'assets'));
    for (const [name, code] of Object.entries(files)) {
      fs.writeFileSync(path.join(started, name), code);
    }
    fs.writeFileSync(
      path.join(started, 'index.html'),
      `<html><head><script>inline()</script></head><body><div id="root"></div>\n    <script type="module">${starter}</script></body></html>`,
    );
    const size = await measureBundle(started);
    expect(new Set(size.initialFiles)).toEqual(
      new Set([
        'assets/index-a.js',
        'assets/preloaded-f.js',
        'assets/vendor-b.js',
        'assets/side-c.js',
        'assets/deep-e.js',
      ]),
    );
    // The starter itself travels in the page, not as a script file.
    const expected = ['index-a', 'preloaded-f', 'vendor-b', 'side-c', 'deep-e']
      .map((n) => gz(`assets/${n}.js`))
      .reduce((a, b) => a + b, 0);
    expect(size.initialGzipBytes).toBe(expected);
  });
});
