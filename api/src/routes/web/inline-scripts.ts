import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A `<script>` with no `src`: its text is the script. */
const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The pages the web build writes: index.html and a page's own `<page>/index.html`. */
function builtPages(root: string): string[] {
  const pages = [path.join(root, 'index.html')];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) pages.push(path.join(root, entry.name, 'index.html'));
  }
  return pages.filter((page) => fs.existsSync(page));
}

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts in the built pages: the stored theme
 * applied before the first paint (web/build/theme-ahead.ts). Read from the files the server
 * sends, so the policy allows exactly the scripts of this build and no other inline script.
 */
export function inlineScriptHashes(root: string | undefined): string[] {
  return hashesOf(pagesIn(root));
}

/** The built pages under `root`, none when there is no build. */
function pagesIn(root: string | undefined): string[] {
  return root === undefined || !fs.existsSync(root) ? [] : builtPages(root);
}

function hashesOf(pages: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const page of pages) {
    for (const [, script = ''] of fs.readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** When and how big a file was last written, or '' when it is not there. */
function stampOf(file: string): string {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return '';
  }
}

/** How long, at most, the hashes go unchecked against the files (ms). */
const RECHECK_MS = 1_000;

/**
 * inlineScriptHashes that follows the files: index.html is read from disk on every request, so
 * a rebuild while the server runs (a deploy that swaps web/dist, then restarts) would otherwise
 * send the new page under the old hashes: the browser blocks its boot script and shows a blank
 * page, and a service worker that precached that answer keeps its stale policy until the next
 * build. Re-read when a page (or the folder that holds them) changes, looked at no more than
 * once a second: every answer, the API's too, asks for the hashes, and a few file stats each
 * would cost the endpoints every device calls every minute a share of their rate.
 */
export function liveInlineScriptHashes(
  root: string | undefined,
  now: () => number = () => Date.now(),
): () => string[] {
  // The same array until the pages change: the security headers rebuild their policy only then.
  let hashes: string[] = [];
  if (root === undefined) return () => hashes;
  let watched: string[] = [];
  let stamp: string | undefined;
  let checkedAt = -Infinity;
  return () => {
    const at = now();
    if (at - checkedAt < RECHECK_MS && at >= checkedAt) return hashes;
    checkedAt = at;
    if ([root, ...watched].map(stampOf).join('|') !== stamp) {
      watched = pagesIn(root);
      hashes = hashesOf(watched);
      stamp = [root, ...watched].map(stampOf).join('|');
    }
    return hashes;
  };
}
