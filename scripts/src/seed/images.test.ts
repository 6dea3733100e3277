import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_SPECS, imageKey, poolFileName, poolImages, writePool } from './images.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'urs-seed-pool-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the seed photo pool', () => {
  it('reads what the build painted, and paints what the folder lacks, to the same bytes', () => {
    writePool(dir);
    expect(fs.readdirSync(dir).sort()).toEqual(IMAGE_SPECS.map(poolFileName).sort());
    const written = new Map(
      IMAGE_SPECS.map((spec) => [
        imageKey(spec),
        fs.readFileSync(path.join(dir, poolFileName(spec))),
      ]),
    );
    const [missing, changed] = IMAGE_SPECS;
    if (missing === undefined || changed === undefined) throw new Error('no specs');
    fs.rmSync(path.join(dir, poolFileName(missing)));
    // A file the folder holds is taken as it is (the build wrote it from the same painters).
    fs.writeFileSync(path.join(dir, poolFileName(changed)), 'marker');

    const pool = poolImages(dir);
    expect([...pool.keys()]).toEqual(IMAGE_SPECS.map(imageKey));
    expect(Buffer.from(pool.get(imageKey(changed)) ?? []).toString()).toBe('marker');
    for (const spec of IMAGE_SPECS.filter((s) => s !== changed)) {
      const bytes = Buffer.from(pool.get(imageKey(spec)) ?? []);
      expect(bytes.equals(written.get(imageKey(spec)) ?? Buffer.alloc(0)), imageKey(spec)).toBe(
        true,
      );
    }
    // Read once per process.
    expect(poolImages(dir)).toBe(pool);
    // Painting the 39 images takes 2-3 s on an idle 2-core machine, several times that in CI.
  }, 60_000);
});
