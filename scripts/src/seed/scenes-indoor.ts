import { shade, type Canvas, type Rgb } from './canvas.js';
import { STEEL, WHITE, type Painter } from './scene-kit.js';

function tiledFloor(cv: Canvas, top: number, a: Rgb, b: Rgb, grout: Rgb, tilesAcross = 6): void {
  const horizon = top - 90;
  const vanishX = cv.width / 2;
  for (let y = top; y < cv.height; y += 1) {
    const d = y - horizon;
    const v = 420 / d;
    const fv = v - Math.floor(v);
    const depthShade = 0.82 + 0.18 * ((y - top) / (cv.height - top));
    for (let x = 0; x < cv.width; x += 1) {
      const u = ((x - vanishX) / d) * tilesAcross * 0.5;
      const fu = u - Math.floor(u);
      const onGrout = Math.min(fu, 1 - fu) < 0.03 || Math.min(fv, 1 - fv) < 0.035;
      const base = (Math.floor(u) + Math.floor(v)) % 2 === 0 ? a : b;
      cv.blend(x, y, onGrout ? grout : shade(base, depthShade), 1);
    }
  }
}

function wallTiles(cv: Canvas, y0: number, y1: number, color: Rgb, size: number): void {
  cv.rect(0, y0, cv.width, y1, color);
  const line = shade(color, 0.86);
  for (let y = y0; y < y1; y += size) cv.rect(0, y, cv.width, y + 1, line);
  for (let x = 0; x < cv.width; x += size) cv.rect(x, y0, x + 1, y1, line);
}

function window(cv: Canvas, x0: number, y0: number, x1: number, y1: number): void {
  cv.rect(x0 - 4, y0 - 4, x1 + 4, y1 + 4, WHITE);
  cv.gradient(x0, y0, x1, y1, [150, 190, 230], [205, 226, 244]);
  cv.rect((x0 + x1) / 2 - 2, y0, (x0 + x1) / 2 + 2, y1, WHITE);
  cv.rect(x0, (y0 + y1) / 2 - 2, x1, (y0 + y1) / 2 + 2, WHITE);
}

export const classroom: Painter = (cv, rng) => {
  const wall: Rgb = rng.pick([
    [226, 220, 196],
    [208, 224, 210],
    [222, 214, 190],
  ]);
  cv.gradient(0, 0, cv.width, 205, shade(wall, 1.04), shade(wall, 0.9));
  cv.rect(140, 6, 220, 12, WHITE);
  cv.rect(280, 6, 360, 12, WHITE);
  window(cv, 22, 44, 108, 150);
  cv.rect(196, 42, 424, 150, [140, 144, 150]);
  cv.rect(202, 48, 418, 142, [242, 244, 243]);
  cv.rect(230, 150, 390, 156, [120, 124, 130]);
  cv.ellipse(452, 42, 15, 15, [60, 60, 64]);
  cv.ellipse(452, 42, 12, 12, WHITE);
  cv.line(452, 42, 452, 33, 2, [40, 40, 40]);
  cv.line(452, 42, 459, 44, 2, [40, 40, 40]);
  cv.rect(0, 197, cv.width, 205, shade(wall, 0.6));
  tiledFloor(cv, 205, [214, 208, 196], [204, 198, 186], [170, 165, 155]);
  const wood: Rgb = [176, 124, 74];
  for (let r = 0; r < 3; r += 1) {
    const y = 226 + r * 44;
    const w = 66 + r * 26;
    const h = 10 + r * 5;
    for (let c = -1; c <= 1; c += 1) {
      const xc = cv.width / 2 + c * (128 + r * 58) + rng.between(-6, 6);
      cv.rect(xc - w / 2 + 4, y + h, xc - w / 2 + 7, y + h + 18 + r * 8, [70, 70, 72]);
      cv.rect(xc + w / 2 - 7, y + h, xc + w / 2 - 4, y + h + 18 + r * 8, [70, 70, 72]);
      cv.trapezoid(y, y + h, xc - w / 2 + 4, xc + w / 2 - 4, xc - w / 2, xc + w / 2, wood);
      cv.rect(xc - w / 2, y + h, xc + w / 2, y + h + 4 + r, shade(wood, 0.7));
    }
  }
  return { groundTop: 210, outdoor: false, wet: false };
};

export const lab: Painter = (cv, rng) => {
  wallTiles(cv, 0, 192, [232, 236, 238], 22);
  cv.rect(36, 62, 204, 67, [96, 90, 84]);
  for (let x = 42; x < 196; x += rng.int(15, 20)) {
    const h = rng.int(18, 34);
    const glass: Rgb = rng.pick([
      [160, 100, 40],
      [70, 110, 170],
      [200, 210, 210],
      [80, 140, 90],
    ]);
    cv.rect(x, 62 - h, x + 11, 62, glass);
    cv.rect(x + 3, 58 - h, x + 8, 62 - h, [50, 50, 54]);
  }
  cv.rect(300, 36, 452, 192, [205, 206, 210]);
  cv.gradient(312, 50, 440, 150, [170, 192, 204], [150, 172, 186]);
  cv.rect(312, 154, 440, 160, [120, 124, 130]);
  tiledFloor(cv, 192, [200, 206, 210], [192, 198, 204], [160, 166, 172], 8);
  cv.rect(30, 226, 450, 240, [42, 44, 48]);
  cv.rect(34, 240, 446, 322, [214, 216, 220]);
  for (let x = 34; x < 446; x += 69) {
    cv.rect(x, 240, x + 2, 322, [170, 172, 178]);
    cv.rect(x + 30, 274, x + 40, 278, [120, 124, 130]);
  }
  cv.ellipse(158, 232, 30, 5, [92, 94, 98]);
  cv.line(158, 204, 158, 228, 4, STEEL);
  cv.line(158, 204, 172, 204, 4, STEEL);
  // Litter belongs on the strip of floor in front of the counter, not on its doors.
  return { groundTop: 318, outdoor: false, wet: true };
};

export const library: Painter = (cv, rng) => {
  cv.gradient(0, 0, cv.width, 205, [234, 220, 194], [214, 198, 170]);
  const books: readonly Rgb[] = [
    [150, 50, 48],
    [44, 62, 110],
    [54, 110, 72],
    [200, 160, 60],
    [110, 36, 46],
    [40, 120, 130],
    [226, 214, 186],
  ];
  for (const x0 of [18, 170, 322]) {
    const x1 = x0 + 140;
    cv.rect(x0, 26, x1, 206, [112, 72, 42]);
    cv.rect(x0 + 6, 32, x1 - 6, 200, [70, 46, 30]);
    for (let s = 0; s < 4; s += 1) {
      const base = 74 + s * 42;
      cv.rect(x0 + 6, base, x1 - 6, base + 5, [112, 72, 42]);
      let x = x0 + 8;
      while (x < x1 - 14) {
        const w = rng.int(5, 11);
        const h = rng.int(26, 38);
        const c = rng.pick(books);
        cv.rect(x, base - h, x + w, base, c);
        cv.rect(x, base - h, x + 1, base, shade(c, 1.2));
        x += w + (rng.chance(0.08) ? rng.int(4, 10) : 1);
      }
    }
  }
  for (let y = 206; y < cv.height; y += 1) {
    const t = (y - 206) / (cv.height - 206);
    cv.rect(0, y, cv.width, y + 1, shade([170, 118, 70], 0.78 + 0.22 * t));
  }
  for (let i = -12; i <= 12; i += 1) {
    cv.line(cv.width / 2 + i * 10, 206, cv.width / 2 + i * 60, cv.height, 1, [120, 80, 46], 0.7);
  }
  const wood: Rgb = [196, 150, 100];
  cv.trapezoid(262, 290, 130, 350, 100, 380, wood);
  cv.rect(100, 290, 380, 298, shade(wood, 0.7));
  cv.rect(112, 298, 120, 346, [80, 56, 36]);
  cv.rect(360, 298, 368, 346, [80, 56, 36]);
  return { groundTop: 210, outdoor: false, wet: false };
};

export const canteen: Painter = (cv, rng) => {
  cv.rect(0, 0, cv.width, 122, [236, 228, 204]);
  wallTiles(cv, 122, 206, [150, 192, 162], 20);
  cv.rect(250, 22, 424, 96, [46, 52, 50]);
  for (let y = 34; y < 88; y += 12) cv.rect(264, y, 264 + rng.int(80, 146), y + 4, [220, 220, 200]);
  cv.rect(34, 118, 446, 152, [200, 226, 236], 0.35);
  for (let x = 44; x < 430; x += 44) {
    const food: Rgb = rng.pick([
      [220, 140, 50],
      [150, 96, 56],
      [230, 200, 80],
      [100, 150, 70],
    ]);
    cv.rect(x, 138, x + 34, 150, food);
  }
  cv.rect(30, 152, 450, 214, [192, 196, 202]);
  for (let x = 30; x < 450; x += 60) cv.rect(x, 152, x + 2, 214, [150, 154, 160]);
  for (let y = 214; y < cv.height; y += 1) cv.rect(0, y, cv.width, y + 1, [204, 198, 188]);
  for (let i = 0; i < 2500; i += 1) {
    const speck: Rgb = rng.pick([
      [120, 110, 100],
      [240, 236, 230],
      [160, 140, 120],
    ]);
    cv.blend(rng.int(0, cv.width - 1), rng.int(214, cv.height - 1), speck, 0.8);
  }
  for (let r = 0; r < 2; r += 1) {
    const y = 258 + r * 58;
    const w = 150 + r * 60;
    for (const xc of [cv.width / 2 - w * 0.7, cv.width / 2 + w * 0.7]) {
      const h = 12 + r * 4;
      for (const leg of [xc - w / 2 + 8, xc + w / 2 - 12])
        cv.rect(leg, y + h, leg + 4, y + h + 26 + r * 8, [110, 112, 118]);
      cv.trapezoid(
        y,
        y + h,
        xc - w / 2 + 6,
        xc + w / 2 - 6,
        xc - w / 2,
        xc + w / 2,
        [226, 228, 230],
      );
      cv.rect(xc - w / 2, y + h, xc + w / 2, y + h + 3, [170, 172, 176]);
      for (let s = -1; s <= 1; s += 2) {
        cv.ellipse(
          xc + s * w * 0.3,
          y + 32 + r * 8,
          12 + r * 4,
          5 + r,
          rng.pick([
            [200, 60, 50],
            [50, 90, 170],
          ] as const),
        );
      }
    }
  }
  return { groundTop: 218, outdoor: false, wet: true };
};

export const washroom: Painter = (cv, rng) => {
  wallTiles(cv, 0, 204, [194, 216, 230], 24);
  const door: Rgb = rng.pick([
    [120, 150, 190],
    [230, 200, 150],
    [170, 190, 170],
  ]);
  for (let i = 0; i < 3; i += 1) {
    const x = 10 + i * 66;
    cv.rect(x, 44, x + 60, 214, door);
    cv.rect(x, 44, x + 60, 48, shade(door, 0.7));
    cv.rect(x + 48, 126, x + 54, 138, [60, 60, 64]);
  }
  cv.rect(276, 40, 452, 124, STEEL);
  cv.gradient(282, 46, 446, 118, [206, 220, 228], [168, 188, 202]);
  cv.line(300, 112, 340, 52, 3, WHITE, 0.5);
  cv.rect(266, 138, 462, 158, [226, 226, 222]);
  for (const x of [326, 406]) {
    cv.ellipse(x, 148, 28, 7, [188, 192, 196]);
    cv.line(x, 128, x, 142, 4, STEEL);
  }
  tiledFloor(cv, 214, [180, 184, 188], [164, 168, 174], [126, 130, 134], 6);
  return { groundTop: 218, outdoor: false, wet: true };
};

export const hall: Painter = (cv, rng) => {
  cv.gradient(0, 0, cv.width, 215, [240, 232, 212], [220, 210, 186]);
  for (let x = 40; x < cv.width; x += 80) cv.ellipse(x, 12, 16, 5, WHITE);
  cv.rect(90, 56, 390, 176, [62, 40, 46]);
  for (const [x0, x1] of [
    [90, 152],
    [328, 390],
  ] as const) {
    for (let x = x0; x < x1; x += 1) {
      cv.rect(x, 56, x + 1, 176, shade([134, 30, 42], 0.75 + 0.25 * Math.sin((x - x0) / 3)));
    }
  }
  cv.rect(70, 176, 410, 214, [124, 84, 52]);
  cv.rect(70, 176, 410, 180, [160, 116, 76]);
  tiledFloor(cv, 214, [214, 208, 196], [206, 200, 188], [176, 170, 160], 8);
  const seat: Rgb = rng.pick([
    [84, 98, 132],
    [120, 60, 60],
  ]);
  for (let r = 0; r < 4; r += 1) {
    const y = 232 + r * 33;
    const n = 6 + r;
    const w = 18 + r * 7;
    const gap = (cv.width - 40) / n;
    for (let i = 0; i < n; i += 1) {
      const x = 20 + gap * (i + 0.5);
      cv.rect(x - w / 2, y - 14 - r * 3, x + w / 2, y, seat);
      cv.rect(x - w / 2, y, x + w / 2, y + 5 + r, shade(seat, 0.75));
      cv.rect(x - w / 2 + 2, y + 5 + r, x - w / 2 + 4, y + 14 + r * 4, [60, 60, 64]);
      cv.rect(x + w / 2 - 4, y + 5 + r, x + w / 2 - 2, y + 14 + r * 4, [60, 60, 64]);
    }
  }
  return { groundTop: 222, outdoor: false, wet: false };
};
