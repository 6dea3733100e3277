import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ConfigError } from '../lib/config-error.js';
import { contentAddress, SHA256_HEX, type PhotoStore, type StoredPhoto } from './photo-store.js';

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Photos as files under `root/<first two hex digits>/<sha256>`: one school on one machine. */
export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly root: string) {}

  private pathFor(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a sha256 hex digest');
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const { sha256 } = contentAddress(bytes);
    if (await this.has(sha256)) return sha256;
    const target = this.pathFor(sha256);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write aside and rename: a crash mid-write never leaves a truncated file under the hash.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
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
