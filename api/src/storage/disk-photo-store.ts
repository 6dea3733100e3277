import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError } from '../lib/config-error.js';
import { contentAddress, SHA256_HEX, type PhotoStore, type StoredPhoto } from './photo-store.js';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Whether the file at `file` holds exactly `bytes` (false when there is no file). */
async function holds(file: string, bytes: Uint8Array): Promise<boolean> {
  let stored: Buffer;
  try {
    const { size } = await fs.stat(file);
    if (size !== bytes.byteLength) return false;
    stored = await fs.readFile(file);
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
  return stored.equals(bytes);
}

/**
 * Flushes a directory's entries (a rename, a new subdirectory) to the disk. Windows cannot open
 * a directory to flush it; there the rename is as durable as its file system makes it.
 */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Photos as files under `root/<first two hex digits>/<sha256>`: one school on one machine. */
export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly root: string) {}

  private pathFor(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a sha256 hex digest');
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const { sha256 } = contentAddress(bytes);
    const target = this.pathFor(sha256);
    // A file already there is kept only if it holds these bytes: one cut short by a crash (or
    // a power loss before the disk had it) is written again, never kept for good.
    if (await holds(target, bytes)) return sha256;
    const dir = path.dirname(target);
    const created = await fs.mkdir(dir, { recursive: true });
    // Write aside, flush, rename, then flush the directory: a crash at any point leaves either
    // no file under the hash or the whole one, and the rename itself survives a power loss.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      const file = await fs.open(temp, 'wx');
      try {
        await file.writeFile(bytes);
        await file.sync();
      } finally {
        await file.close();
      }
      await fs.rename(temp, target);
    } catch (err) {
      await fs.rm(temp, { force: true });
      throw err;
    }
    await syncDirectory(dir);
    if (created !== undefined) await syncDirectory(path.dirname(created));
    return sha256;
  }

  async open(sha256: string): Promise<StoredPhoto | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    let file: fs.FileHandle;
    try {
      file = await fs.open(this.pathFor(sha256), 'r');
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
    // Size and stream from one open handle: what is measured is what is read.
    const { size } = await file.stat();
    const body = Readable.toWeb(file.createReadStream()) as ReadableStream<Uint8Array>;
    return { body, sizeBytes: size };
  }

  /** The whole file in memory: for the seed and tests, never on a request's read path. */
  async get(sha256: string): Promise<Uint8Array | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    try {
      return await fs.readFile(this.pathFor(sha256));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async has(sha256: string): Promise<boolean> {
    if (!SHA256_HEX.test(sha256)) return false;
    try {
      await fs.access(this.pathFor(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async check(): Promise<void> {
    try {
      await fs.mkdir(this.root, { recursive: true });
      await fs.access(this.root, fs.constants.W_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new ConfigError(`photo directory ${this.root} is not writable (${code})`);
    }
  }
}
