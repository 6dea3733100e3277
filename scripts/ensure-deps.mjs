#!/usr/bin/env node
// Dependency-free pre-step for `npm start` and `npm test` (plain Node, runs before anything is
// installed): install node_modules when missing or older than the lockfile, make sure
// better-sqlite3's native module was built, and with --browser make sure Debian's chromium is
// there for the real-browser tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const wantBrowser = process.argv.includes('--browser');

function run(command, args, options = {}) {
  console.log(`> ${command} ${args.join(' ')}`);
  execFileSync(command, args, { stdio: 'inherit', cwd: root, ...options });
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

const lockfile = path.join(root, 'package-lock.json');
// npm rewrites this file at the end of every successful install.
const installedMarker = path.join(root, 'node_modules', '.package-lock.json');
if (mtime(installedMarker) < 0 || mtime(installedMarker) < mtime(lockfile)) {
  console.log('Installing dependencies (node_modules missing or older than package-lock.json)…');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// npm 11 only runs approved install scripts (root package.json `allowScripts`); if the native
// module is still missing, build it explicitly rather than fail later with a confusing error.
const sqliteBinding = path.join(
  root,
  'node_modules',
  'better-sqlite3',
  'build',
  'Release',
  'better_sqlite3.node',
);
if (!fs.existsSync(sqliteBinding)) {
  console.log('Building better-sqlite3 from source…');
  run('npm', ['rebuild', 'better-sqlite3']);
}

if (wantBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    if (isRoot && fs.existsSync('/usr/bin/apt-get')) {
      console.log('Installing Debian chromium for the real-browser tests…');
      run('apt-get', ['update', '-qq']);
      run('apt-get', ['install', '-y', '-qq', 'chromium'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } else {
      console.error(
        `The real-browser tests need Chromium at ${chromium}.\n` +
          'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
          'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
      );
      process.exit(1);
    }
  }
}
