import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jpeg from 'jpeg-js';
import { Canvas, shade, type Rgb } from './canvas.js';
import { SCENES, type Scene } from './data.js';
import { PRODUCT_IMAGE_COUNT } from './inventory-data.js';
import { Random } from './random.js';
import { damage } from './damage.js';
import { PAINTERS } from './scenes.js';

export const IMAGE_WIDTH = 480;
export const IMAGE_HEIGHT = 360;
const QUALITY = 72;
/** Photos per scene and kind: a report with two photos of one kind gets two different ones. */
export const VARIANTS = 2;

export type ImageSpec =
  | { kind: 'before' | 'after'; scene: Scene; variant: number }
  | { kind: 'product'; variant: number };

export function imageKey(spec: ImageSpec): string {
  return spec.kind === 'product'
    ? `product:${spec.variant}`
    : `${spec.scene}:${spec.kind}:${spec.variant}`;
}

/**
 * The whole pool the seed draws from: every scene in two framings, dirty and clean (a clean
 * photo shares its framing with the dirty one of the same variant), plus product shots for
 * custom item requests.
 */
export const IMAGE_SPECS: readonly ImageSpec[] = [
  ...SCENES.flatMap((scene) =>
    Array.from({ length: VARIANTS }, (_, variant) =>
      (['before', 'after'] as const).map((kind) => ({ kind, scene, variant })),
    ).flat(),
  ),
  ...Array.from({ length: PRODUCT_IMAGE_COUNT }, (_, variant) => ({
    kind: 'product' as const,
    variant,
  })),
];

function paintScene(cv: Canvas, scene: Scene, variant: number, dirty: boolean): void {
  const seed = 1000 + SCENES.indexOf(scene) * 17 + variant;
  const info = PAINTERS[scene](cv, new Random(seed), dirty);
  if (dirty) damage(cv, new Random(seed * 31), scene, info);
  // Dirty places are shot in worse light; the cleaned result is a touch brighter.
  cv.finish(new Random(seed * 7 + (dirty ? 1 : 2)), dirty ? 12 : 8, dirty ? 0.93 : 1.03);
}

function paintProduct(cv: Canvas, variant: number): void {
  cv.gradient(0, 0, cv.width, cv.height, [246, 246, 248], [222, 224, 228]);
  cv.ellipse(240, 318, 170, 18, [120, 120, 126], 0.5, true);
  if (variant === 0) {
    const red: Rgb = [196, 40, 46];
    cv.roundRect(170, 140, 310, 310, 22, red);
    cv.rect(182, 150, 200, 300, shade(red, 1.25), 0.5);
    cv.roundRect(162, 116, 318, 150, 12, [60, 62, 66]);
    cv.ellipse(190, 312, 12, 8, [30, 30, 32]);
    cv.ellipse(290, 312, 12, 8, [30, 30, 32]);
    let x = 310;
    let y = 132;
    for (let t = 0; t <= 40; t += 1) {
      const nx = 310 + 110 * Math.sin((t / 40) * Math.PI * 0.9);
      const ny = 132 - 50 * Math.sin((t / 40) * Math.PI) + t * 3.4;
      cv.line(x, y, nx, ny, 12, [52, 54, 58]);
      x = nx;
      y = ny;
    }
    cv.rect(x - 30, y, x + 30, y + 12, [40, 40, 44]);
  } else if (variant === 1) {
    cv.roundRect(186, 80, 294, 300, 18, [238, 238, 240]);
    cv.rect(186, 96, 194, 290, [200, 202, 206], 0.8);
    cv.roundRect(206, 150, 274, 210, 8, [120, 170, 210], 0.8);
    cv.rect(228, 236, 252, 246, [40, 44, 50]);
    cv.rect(232, 300, 248, 318, [150, 154, 160]);
  } else {
    const bins: readonly Rgb[] = [
      [40, 140, 70],
      [232, 190, 40],
      [200, 50, 50],
    ];
    bins.forEach((c, i) => {
      const x0 = 60 + i * 125;
      cv.roundRect(x0, 136, x0 + 110, 310, 10, c);
      cv.roundRect(x0 - 6, 116, x0 + 116, 142, 8, shade(c, 0.72));
      cv.line(x0 + 55, 200, x0 + 35, 236, 4, [250, 250, 250]);
      cv.line(x0 + 35, 236, x0 + 75, 236, 4, [250, 250, 250]);
      cv.line(x0 + 75, 236, x0 + 55, 200, 4, [250, 250, 250]);
    });
  }
  cv.finish(new Random(9000 + variant), 4, 1);
}

/** Renders one pool image to JPEG bytes; the same spec always yields the same bytes. */
export function renderJpeg(spec: ImageSpec): Uint8Array {
  const cv = new Canvas(IMAGE_WIDTH, IMAGE_HEIGHT);
  if (spec.kind === 'product') paintProduct(cv, spec.variant);
  else paintScene(cv, spec.scene, spec.variant, spec.kind === 'before');
  return jpeg.encode({ data: cv.data, width: cv.width, height: cv.height }, QUALITY).data;
}

/** Where the build leaves the painted pool (render-pool.ts): dist/seed/pool. */
export const BUILT_POOL_DIR = fileURLToPath(new URL('./pool/', import.meta.url));

/** A pool image's file name in such a folder. */
export function poolFileName(spec: ImageSpec): string {
  return `${imageKey(spec).replaceAll(':', '-')}.jpg`;
}

/**
 * Paints the whole pool into a folder (the scripts' build does, once). Each file is written
 * under a temporary name and renamed, so an interrupted build leaves whole images or none.
 */
export function writePool(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  for (const spec of IMAGE_SPECS) {
    const file = path.join(dir, poolFileName(spec));
    fs.writeFileSync(`${file}.partial`, renderJpeg(spec));
    fs.renameSync(`${file}.partial`, file);
  }
}

/**
 * Every pool image's bytes by key. Painting and encoding the pool costs seconds of CPU on the
 * first `npm start` and on every browser-test server, so the build paints it once; an image
 * the folder lacks (the sources run under vitest, which have no build) is painted here, once
 * per process.
 */
export function poolImages(dir = BUILT_POOL_DIR): ReadonlyMap<string, Uint8Array> {
  const known = loadedPools.get(dir);
  if (known !== undefined) return known;
  const images = new Map<string, Uint8Array>();
  for (const spec of IMAGE_SPECS) {
    let bytes: Uint8Array;
    try {
      bytes = fs.readFileSync(path.join(dir, poolFileName(spec)));
    } catch {
      bytes = renderJpeg(spec);
    }
    images.set(imageKey(spec), bytes);
  }
  loadedPools.set(dir, images);
  return images;
}

/** A process seeds more than once only in tests; the pool is the same every time. */
const loadedPools = new Map<string, ReadonlyMap<string, Uint8Array>>();
