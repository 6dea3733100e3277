import type { Canvas, Rgb } from './canvas.js';
import type { Scene } from './data.js';
import type { Random } from './random.js';
import { WHITE, type SceneInfo } from './scene-kit.js';

function litter(cv: Canvas, rng: Random, top: number, count: number): void {
  for (let i = 0; i < count; i += 1) {
    const y = rng.between(top + 8, cv.height - 6);
    const x = rng.between(8, cv.width - 8);
    const scale = 0.6 + ((y - top) / (cv.height - top)) * 0.9;
    const kind = rng.int(0, 2);
    if (kind === 0) {
      cv.ellipse(x, y, 7 * scale, 5 * scale, [236, 236, 230]);
      cv.ellipse(x + 2, y + 1, 3 * scale, 2 * scale, [190, 190, 184]);
    } else if (kind === 1) {
      cv.rect(x, y, x + 16 * scale, y + 6 * scale, [190, 220, 236], 0.8);
      cv.rect(x + 16 * scale, y + 1, x + 19 * scale, y + 5 * scale, [40, 90, 180]);
    } else {
      const wrapper: Rgb = rng.pick([
        [220, 40, 40],
        [240, 200, 40],
        [60, 140, 200],
      ]);
      cv.rect(x, y, x + 11 * scale, y + 7 * scale, wrapper);
    }
  }
}

function crack(cv: Canvas, rng: Random, x: number, y: number): void {
  let cx = x;
  let cy = y;
  for (let i = 0; i < rng.int(5, 9); i += 1) {
    const nx = cx + rng.between(-12, 12);
    const ny = cy + rng.between(6, 16);
    cv.line(cx, cy, nx, ny, 1.5, [70, 62, 56], 0.85);
    cx = nx;
    cy = ny;
  }
}

function puddle(cv: Canvas, rng: Random, top: number): void {
  const x = rng.between(60, cv.width - 60);
  const y = rng.between(top + 30, cv.height - 20);
  const rx = rng.between(40, 80);
  cv.ellipse(x, y, rx, rx * 0.22, [110, 124, 138], 0.55, true);
  cv.line(x - rx * 0.4, y - 2, x + rx * 0.2, y - 4, 2, WHITE, 0.45);
}

/** What makes a "before" photo worth a report: stains, litter, leaves, cracks and water. */
export function damage(cv: Canvas, rng: Random, scene: Scene, info: SceneInfo): void {
  const top = info.groundTop;
  if (info.outdoor) {
    const leaves: readonly Rgb[] = [
      [150, 100, 40],
      [190, 140, 50],
      [120, 80, 35],
      [170, 120, 60],
    ];
    for (let i = 0; i < rng.int(50, 90); i += 1) {
      const y = rng.between(top, cv.height);
      const s = 0.6 + (y - top) / (cv.height - top);
      cv.ellipse(rng.between(0, cv.width), y, 4 * s, 2.2 * s, rng.pick(leaves), 0.9);
    }
    if (scene === 'garden') {
      for (let i = 0; i < 900; i += 1) {
        const x = rng.int(0, cv.width - 1);
        const y = rng.int(top, cv.height - 1);
        cv.line(
          x,
          y,
          x + rng.between(-3, 3),
          y - rng.between(8, 20),
          1.5,
          rng.pick([
            [44, 96, 40],
            [150, 170, 70],
          ] as const),
          0.7,
        );
      }
      for (let i = 0; i < rng.int(2, 4); i += 1) {
        const x = rng.between(40, cv.width - 120);
        const y = rng.between(top + 40, cv.height - 30);
        cv.line(x, y, x + rng.between(60, 110), y + rng.between(-20, 20), 4, [96, 66, 40]);
      }
    }
  } else {
    for (let i = 0; i < rng.int(4, 8); i += 1) {
      const rx = rng.between(16, 52);
      cv.ellipse(
        rng.between(20, cv.width - 20),
        rng.between(top + 10, cv.height - 8),
        rx,
        rx * 0.35,
        rng.pick([
          [92, 72, 50],
          [72, 72, 72],
          [112, 92, 60],
        ] as const),
        rng.between(0.5, 0.8),
        true,
      );
    }
    cv.ellipse(
      rng.between(40, cv.width - 40),
      rng.between(8, 40),
      rng.between(30, 60),
      rng.between(14, 26),
      [150, 120, 70],
      0.4,
      true,
    );
    crack(cv, rng, rng.between(30, cv.width - 30), rng.between(20, Math.min(top, 210) - 90));
    if (scene === 'classroom') {
      for (let s = 0; s < rng.int(3, 6); s += 1) {
        let x = rng.between(210, 400);
        let y = rng.between(56, 130);
        const ink: Rgb = rng.pick([
          [30, 30, 40],
          [40, 60, 170],
          [190, 40, 40],
        ]);
        for (let i = 0; i < 8; i += 1) {
          const nx = x + rng.between(-14, 14);
          const ny = y + rng.between(-8, 8);
          cv.line(x, y, nx, ny, 2, ink, 0.85);
          x = nx;
          y = ny;
        }
      }
    }
    if (scene === 'library' || scene === 'hall') {
      for (let i = 0; i < 7; i += 1)
        cv.line(0, 0, 70 * Math.cos(i / 4.4), 70 * Math.sin(i / 4.4), 1, [120, 120, 120], 0.5);
      for (let r = 18; r <= 60; r += 14) {
        for (let i = 0; i < 6; i += 1) {
          cv.line(
            r * Math.cos(i / 4.4),
            r * Math.sin(i / 4.4),
            r * Math.cos((i + 1) / 4.4),
            r * Math.sin((i + 1) / 4.4),
            1,
            [120, 120, 120],
            0.45,
          );
        }
      }
    }
  }
  if (info.wet) for (let i = 0; i < rng.int(1, 2); i += 1) puddle(cv, rng, top);
  litter(cv, rng, top, rng.int(5, 11));
  // A dull cast: neglected places photograph greyer than freshly cleaned ones.
  cv.rect(0, 0, cv.width, cv.height, [120, 110, 90], 0.06);
}
