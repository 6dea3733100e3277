import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photo bytes live, addressed by their SHA-256. The interface is all the rest of the API
 * sees, so an S3-compatible object store can replace the disk later.
 */
export interface PhotoStore {
  put(bytes: Uint8Array): Promise<string>;
  get(sha256: string): Promise<Uint8Array | null>;
  has(sha256: string): Promise<boolean>;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class DiskPhotoStore implements PhotoStore {
  constructor(private readonly root: string) {}

  private pathFor(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error('not a sha256 hex digest');
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const sha256 = sha256Hex(bytes);
    const target = this.pathFor(sha256);
    if (await this.has(sha256)) return sha256;
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Write aside and rename: a crash mid-write never leaves a truncated file under the hash.
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, target);
    return sha256;
  }

  async get(sha256: string): Promise<Uint8Array | null> {
    if (!SHA256_HEX.test(sha256)) return null;
    try {
      return await fs.readFile(this.pathFor(sha256));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
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
}
