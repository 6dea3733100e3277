import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BenchRow } from './measure.js';

/** Issue 4: the JS a first visit must download before the shell can draw, gzipped. */
export const INITIAL_JS_TARGET_KB = 150;

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export interface BundleSize {
  /** Files (relative to dist) the entry pulls in statically, entry first. */
  initialFiles: string[];
  initialGzipBytes: number;
  allJsGzipBytes: number;
  allJsFiles: number;
}

const gzipSize = (bytes: Buffer): number => gzipSync(bytes, { level: 9 }).length;

/** The entry module script and the modulepreload links Vite writes into index.html. */
export function initialScriptsOf(html: string): string[] {
  const found: string[] = [];
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  for (const tag of tags) {
    const isEntry = /^<script/i.test(tag) && /\btype=["']?module\b/i.test(tag);
    const isPreload = /^<link/i.test(tag) && /\brel=["']?modulepreload\b/i.test(tag);
    if (!isEntry && !isPreload) continue;
    const url = /\b(?:src|href)=["']?([^"'\s>]+)/i.exec(tag)?.[1];
    if (url !== undefined && !/^[a-z]+:/i.test(url)) found.push(url.replace(/^\//, ''));
  }
  return found;
}

/**
 * Static imports of a built chunk (`import"./x.js"`, `import{a}from"./x.js"`,
 * `export{a}from"./x.js"`); dynamic `import("./x.js")` is a lazy route and is left out.
 */
export function staticImportsOf(code: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["'](\.{1,2}\/[^"']+\.js)["']/g)) {
    if (match[1] !== undefined) out.push(match[1]);
  }
  return out;
}

/** Follows the entry and its static imports through dist, gzipping each file once. */
export async function measureBundle(distDir: string = DEFAULT_DIST): Promise<BundleSize> {
  const html = await readFile(path.join(distDir, 'index.html'), 'utf8');
  const queue = initialScriptsOf(html);
  if (queue.length === 0) throw new Error(`No module script in ${distDir}/index.html`);
  const seen = new Set<string>();
  let initialGzipBytes = 0;
  while (queue.length > 0) {
    const file = path.posix.normalize(queue.shift() ?? '');
    if (seen.has(file)) continue;
    seen.add(file);
    const code = await readFile(path.join(distDir, file));
    initialGzipBytes += gzipSize(code);
    for (const spec of staticImportsOf(code.toString('utf8'))) {
      queue.push(path.posix.join(path.posix.dirname(file), spec));
    }
  }

  const assets = path.join(distDir, 'assets');
  const jsFiles = (await readdir(assets)).filter((name) => name.endsWith('.js'));
  let allJsGzipBytes = 0;
  for (const name of jsFiles) allJsGzipBytes += gzipSize(await readFile(path.join(assets, name)));

  return {
    initialFiles: [...seen],
    initialGzipBytes,
    allJsGzipBytes,
    allJsFiles: jsFiles.length,
  };
}

/**
 * One bench row, in KB rather than ms: the shell's initial JS (gzip) against all JS in
 * dist/assets (gzip). `target` is the ratio that corresponds to the 150 KB budget, so the
 * table's "met" means initial JS <= 150 KB gzipped. Needs `web/dist` (npm run build).
 */
export async function bundleSizeRows(distDir?: string): Promise<BenchRow[]> {
  const size = await measureBundle(distDir);
  const initialKb = size.initialGzipBytes / 1024;
  const allKb = size.allJsGzipBytes / 1024;
  return [
    {
      name: `initial JS of the shell, KB gzip (${size.initialFiles.length} files; budget ${INITIAL_JS_TARGET_KB} KB)`,
      baseline: `all JS in dist/assets, KB gzip (${size.allJsFiles} files)`,
      ms: initialKb,
      baselineMs: allKb,
      target: allKb > 0 ? Math.round((INITIAL_JS_TARGET_KB / allKb) * 1000) / 1000 : 1,
    },
  ];
}
