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
  if (root === undefined || !fs.existsSync(root)) return [];
  const hashes = new Set<string>();
  for (const page of builtPages(root)) {
    for (const [, script = ''] of fs.readFileSync(page, 'utf8').matchAll(INLINE_SCRIPT)) {
      hashes.add(`'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}
