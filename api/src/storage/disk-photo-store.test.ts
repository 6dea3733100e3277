import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiskPhotoStore } from './disk-photo-store.js';
import { sha256Hex } from './photo-store.js';

let root: string;
let store: DiskPhotoStore;
beforeEach(() => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'urs-disk-store-')));
  store = new DiskPhotoStore(root);
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(root, { recursive: true, force: true });
});

function jpeg(size: number, seed = 0): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  for (let i = 4; i < size; i++) bytes[i] = (i * 13 + seed) & 0xff;
  return bytes;
}

const fileOf = (sha: string) => path.join(root, sha.slice(0, 2), sha);

describe('the disk photo store', () => {
  it('writes again over a file a crash left empty or cut short, keeping no temp file', async () => {
    const bytes = jpeg(4096);
    const file = fileOf(sha256Hex(bytes));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    for (const damaged of [new Uint8Array(0), bytes.subarray(0, 1000)]) {
      fs.writeFileSync(file, damaged);
      expect(await store.put(bytes)).toBe(sha256Hex(bytes));
      expect(new Uint8Array(fs.readFileSync(file))).toEqual(bytes);
    }
    // Same size, other bytes (a block the disk never wrote): written again too.
    const scrambled = Uint8Array.from(bytes);
    scrambled.fill(0, 2000, 3000);
    fs.writeFileSync(file, scrambled);
    await store.put(bytes);
    expect(sha256Hex(fs.readFileSync(file))).toBe(sha256Hex(bytes));
    expect(fs.readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });

  it('leaves a whole file as it is', async () => {
    const bytes = jpeg(2048, 3);
    const sha = await store.put(bytes);
    const before = fs.statSync(fileOf(sha));
    await store.put(bytes);
    const after = fs.statSync(fileOf(sha));
    expect(after.ino).toBe(before.ino);
    expect(after.mtimeMs).toBe(before.mtimeMs);
  });

  // Which file each flush was for is read from /proc: Linux only.
  it.skipIf(process.platform !== 'linux')(
    'flushes the file before renaming it into place, then the directory that holds it',
    async () => {
      const probe = await fsp.open(path.join(root, 'probe'), 'w');
      const handleType = Object.getPrototypeOf(probe) as {
        sync: (this: fsp.FileHandle) => Promise<void>;
      };
      await probe.close();
      const synced: string[] = [];
      const realSync = handleType.sync;
      vi.spyOn(handleType, 'sync').mockImplementation(async function (this: fsp.FileHandle) {
        const target = await fsp.readlink(`/proc/self/fd/${this.fd}`).catch(() => '?');
        synced.push(target);
        return realSync.call(this);
      });
      const renames: string[] = [];
      const realRename = fsp.rename;
      vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
        renames.push(`${String(from)} -> ${String(to)} after ${synced.length} syncs`);
        return realRename(from, to);
      });
      const sha = await store.put(jpeg(1500, 9));
      const file = fileOf(sha);
      expect(synced[0]).toMatch(new RegExp(`^${file}\\.[0-9a-f]+\\.tmp$`));
      expect(renames).toEqual([`${synced[0] ?? ''} -> ${file} after 1 syncs`]);
      // The file's directory (the rename), then the store's root (the new directory).
      expect(synced.slice(1)).toEqual([path.dirname(file), root]);
    },
  );
});
