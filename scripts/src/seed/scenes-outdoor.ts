import type { Canvas, Rgb } from './canvas.js';
import type { Random } from './random.js';
import { STEEL, WHITE, type Painter } from './scene-kit.js';

function sky(cv: Canvas, bottom: number): void {
  cv.gradient(0, 0, cv.width, bottom, [118, 168, 226], [206, 226, 244]);
}

function schoolFacade(cv: Canvas, rng: Random, y0: number, y1: number): void {
  cv.trapezoid(y0 - 12, y0, 10, cv.width - 10, 0, cv.width, [172, 74, 52]);
  cv.rect(0, y0, cv.width, y1, [228, 216, 188]);
  const rows = Math.max(1, Math.floor((y1 - y0 - 10) / 28));
  for (let r = 0; r < rows; r += 1) {
    for (let x = 14; x < cv.width - 30; x += 38) {
      if (rng.chance(0.1)) continue;
      cv.rect(x, y0 + 8 + r * 28, x + 22, y0 + 26 + r * 28, [92, 120, 150]);
    }
  }
}

function tree(cv: Canvas, rng: Random, x: number, baseY: number, size: number): void {
  cv.rect(x - size * 0.08, baseY - size * 0.9, x + size * 0.08, baseY, [104, 74, 48]);
  for (let i = 0; i < 7; i += 1) {
    const green: Rgb = rng.pick([
      [54, 118, 58],
      [70, 140, 64],
      [44, 100, 52],
    ]);
    cv.ellipse(
      x + rng.between(-0.45, 0.45) * size,
      baseY - size * rng.between(0.95, 1.45),
      size * rng.between(0.28, 0.42),
      size * rng.between(0.24, 0.36),
      green,
    );
  }
}

export const court: Painter = (cv, rng, worn) => {
  sky(cv, 150);
  schoolFacade(cv, rng, 72, 150);
  for (let x = 0; x < cv.width; x += 26) cv.ellipse(x, 152, 24, 14, [58, 112, 62]);
  cv.rect(0, 158, cv.width, cv.height, [170, 96, 66]);
  cv.trapezoid(162, cv.height, 40, 440, -220, 700, [72, 132, 98]);
  const chalk: Rgb = WHITE;
  const a = worn ? 0.35 : 0.95;
  cv.line(44, 164, -210, cv.height, 4, chalk, a);
  cv.line(436, 164, 690, cv.height, 4, chalk, a);
  cv.line(44, 164, 436, 164, 3, chalk, a);
  cv.line(-60, 246, 540, 246, 4, chalk, a);
  cv.ellipse(240, 246, 70, 18, chalk, a);
  cv.ellipse(240, 246, 65, 15, [72, 132, 98]);
  cv.line(430, 96, 430, 244, 7, [90, 92, 96]);
  cv.rect(392, 66, 468, 110, WHITE);
  cv.rect(418, 84, 442, 106, [200, 60, 50]);
  cv.rect(421, 87, 439, 103, WHITE);
  cv.ellipse(430, 116, 16, 4, [230, 110, 40]);
  cv.ellipse(430, 116, 12, 2, WHITE);
  return { groundTop: 176, outdoor: true, wet: true };
};

export const parking: Painter = (cv, rng) => {
  sky(cv, 130);
  schoolFacade(cv, rng, 70, 140);
  cv.rect(0, 140, cv.width, cv.height, [86, 88, 92]);
  for (let i = 0; i < 3500; i += 1) {
    cv.blend(
      rng.int(0, cv.width - 1),
      rng.int(140, cv.height - 1),
      rng.pick([
        [60, 62, 66],
        [120, 122, 126],
      ] as const),
      0.7,
    );
  }
  cv.trapezoid(14, 40, 0, cv.width, -20, cv.width + 20, [64, 124, 94]);
  for (let x = 0; x < cv.width; x += 12) cv.line(x, 14, x * 1.08 - 20, 40, 1, [50, 100, 76]);
  for (const x of [30, 240, 450]) cv.rect(x - 3, 40, x + 3, 190, [150, 150, 154]);
  for (let i = -5; i <= 5; i += 1)
    cv.line(240 + i * 40, 150, 240 + i * 110, cv.height, 3, [230, 230, 226], 0.9);
  for (let i = -4; i <= 4; i += 1) {
    if (rng.chance(0.25)) continue;
    const x = 240 + (i + 0.5) * 75;
    const y = 262 + rng.between(-10, 10);
    const s = 1 + rng.between(-0.1, 0.1);
    const body: Rgb = rng.pick([
      [30, 30, 34],
      [180, 30, 36],
      [36, 70, 150],
      [220, 220, 222],
    ]);
    cv.ellipse(x - 22 * s, y + 26 * s, 13 * s, 13 * s, [28, 28, 30]);
    cv.ellipse(x + 22 * s, y + 26 * s, 13 * s, 13 * s, [28, 28, 30]);
    cv.ellipse(x - 22 * s, y + 26 * s, 5 * s, 5 * s, STEEL);
    cv.ellipse(x + 22 * s, y + 26 * s, 5 * s, 5 * s, STEEL);
    cv.roundRect(x - 28 * s, y, x + 26 * s, y + 22 * s, 8, body);
    cv.rect(x - 16 * s, y - 6 * s, x + 10 * s, y + 2 * s, [36, 34, 34]);
    cv.line(x + 18 * s, y - 2, x + 30 * s, y - 18 * s, 3, [40, 40, 44]);
  }
  return { groundTop: 160, outdoor: true, wet: true };
};

export const garden: Painter = (cv, rng) => {
  sky(cv, 120);
  schoolFacade(cv, rng, 46, 124);
  tree(cv, rng, 70, 150, 90);
  tree(cv, rng, 410, 146, 80);
  cv.roundRect(-10, 116, cv.width + 10, 152, 12, [52, 108, 56]);
  cv.rect(0, 146, cv.width, cv.height, [96, 160, 76]);
  for (let i = 0; i < 3500; i += 1) {
    const x = rng.int(0, cv.width - 1);
    const y = rng.int(150, cv.height - 1);
    const len = 2 + ((y - 146) / (cv.height - 146)) * 6;
    cv.line(
      x,
      y,
      x + rng.between(-1, 1),
      y - len,
      1,
      rng.pick([
        [70, 136, 58],
        [120, 180, 90],
      ] as const),
      0.6,
    );
  }
  cv.trapezoid(146, cv.height, 222, 258, 150, 330, [192, 186, 174]);
  for (let y = 160; y < cv.height; y += 10 + (y - 146) / 8) {
    const t = (y - 146) / (cv.height - 146);
    cv.line(222 - 72 * t, y, 258 + 72 * t, y, 1, [150, 144, 134], 0.8);
  }
  cv.ellipse(384, 262, 82, 28, [112, 78, 52]);
  for (let i = 0; i < 60; i += 1) {
    const angle = rng.float() * Math.PI * 2;
    const r = Math.sqrt(rng.float());
    const x = 384 + Math.cos(angle) * 74 * r;
    const y = 258 + Math.sin(angle) * 22 * r;
    cv.ellipse(x, y + 3, 5, 3, [60, 120, 56]);
    cv.ellipse(
      x,
      y,
      3,
      3,
      rng.pick([[210, 40, 60], [240, 200, 50], [230, 110, 170], WHITE] as const),
    );
  }
  return { groundTop: 160, outdoor: true, wet: false };
};
