import type { Random } from './random.js';

export type Rgb = readonly [number, number, number];

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export const shade = (c: Rgb, factor: number): Rgb => [c[0] * factor, c[1] * factor, c[2] * factor];

/** A minimal RGBA raster with alpha-blended primitives: enough to paint recognisable scenes. */
export class Canvas {
  /** Clamped, so blending never wraps a channel around. */
  readonly data: Uint8ClampedArray;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.data = new Uint8ClampedArray(width * height * 4).fill(255);
  }

  blend(x: number, y: number, c: Rgb, alpha: number): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height || alpha <= 0) return;
    const i = (y * this.width + x) * 4;
    const a = Math.min(alpha, 1);
    for (let ch = 0; ch < 3; ch += 1) {
      const current = this.data[i + ch] ?? 0;
      this.data[i + ch] = current + ((c[ch] ?? 0) - current) * a;
    }
  }

  rect(x0: number, y0: number, x1: number, y1: number, c: Rgb, alpha = 1): void {
    const xa = Math.max(0, Math.round(Math.min(x0, x1)));
    const xb = Math.min(this.width, Math.round(Math.max(x0, x1)));
    const ya = Math.max(0, Math.round(Math.min(y0, y1)));
    const yb = Math.min(this.height, Math.round(Math.max(y0, y1)));
    for (let y = ya; y < yb; y += 1) for (let x = xa; x < xb; x += 1) this.blend(x, y, c, alpha);
  }

  /** Vertical gradient from `top` to `bottom` over the rows y0..y1. */
  gradient(x0: number, y0: number, x1: number, y1: number, top: Rgb, bottom: Rgb): void {
    const span = Math.max(1, y1 - y0);
    for (let y = Math.round(y0); y < y1; y += 1) {
      this.rect(x0, y, x1, y + 1, mix(top, bottom, (y - y0) / span));
    }
  }

  /** Ellipse; `soft` fades alpha towards the rim, which reads as a stain or a shadow. */
  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb, alpha = 1, soft = false): void {
    const ya = Math.floor(cy - ry);
    const yb = Math.ceil(cy + ry);
    for (let y = ya; y <= yb; y += 1) {
      const dy = (y - cy) / ry;
      if (Math.abs(dy) > 1) continue;
      const half = rx * Math.sqrt(1 - dy * dy);
      for (let x = Math.floor(cx - half); x <= Math.ceil(cx + half); x += 1) {
        const dx = (x - cx) / rx;
        const d = dx * dx + dy * dy;
        if (d > 1) continue;
        this.blend(x, y, c, soft ? alpha * (1 - d) : alpha);
      }
    }
  }

  /** A filled quadrilateral with horizontal top and bottom edges: perspective tables, courts, paths. */
  trapezoid(
    yTop: number,
    yBottom: number,
    topLeft: number,
    topRight: number,
    bottomLeft: number,
    bottomRight: number,
    c: Rgb,
    alpha = 1,
  ): void {
    const span = Math.max(1, yBottom - yTop);
    for (let y = Math.round(yTop); y < yBottom; y += 1) {
      const t = (y - yTop) / span;
      const left = topLeft + (bottomLeft - topLeft) * t;
      const right = topRight + (bottomRight - topRight) * t;
      this.rect(left, y, right, y + 1, c, alpha);
    }
  }

  roundRect(x0: number, y0: number, x1: number, y1: number, r: number, c: Rgb, alpha = 1): void {
    this.rect(x0 + r, y0, x1 - r, y1, c, alpha);
    this.rect(x0, y0 + r, x0 + r, y1 - r, c, alpha);
    this.rect(x1 - r, y0 + r, x1, y1 - r, c, alpha);
    for (const [cx, cy] of [
      [x0 + r, y0 + r],
      [x1 - r, y0 + r],
      [x0 + r, y1 - r],
      [x1 - r, y1 - r],
    ] as const) {
      this.quarter(cx, cy, r, c, alpha, cx < (x0 + x1) / 2, cy < (y0 + y1) / 2);
    }
  }

  private quarter(
    cx: number,
    cy: number,
    r: number,
    c: Rgb,
    alpha: number,
    left: boolean,
    top: boolean,
  ) {
    for (let dy = 0; dy < r; dy += 1) {
      for (let dx = 0; dx < r; dx += 1) {
        if (dx * dx + dy * dy > r * r) continue;
        const x = Math.round(left ? cx - dx - 1 : cx + dx);
        const y = Math.round(top ? cy - dy - 1 : cy + dy);
        this.blend(x, y, c, alpha);
      }
    }
  }

  line(x0: number, y0: number, x1: number, y1: number, width: number, c: Rgb, alpha = 1): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0)));
    const r = width / 2;
    for (let s = 0; s <= steps; s += 1) {
      const t = s / steps;
      const x = x0 + (x1 - x0) * t;
      const y = y0 + (y1 - y0) * t;
      if (r <= 0.75) this.blend(Math.round(x), Math.round(y), c, alpha);
      else this.rect(x - r, y - r, x + r, y + r, c, alpha);
    }
  }

  /** Grain, vignette and exposure: what makes flat shapes read as a phone photo. */
  finish(rng: Random, grain: number, exposure: number): void {
    const cx = this.width / 2;
    const cy = this.height / 2;
    const maxD = cx * cx + cy * cy;
    for (let y = 0; y < this.height; y += 1) {
      for (let x = 0; x < this.width; x += 1) {
        const i = (y * this.width + x) * 4;
        const d = ((x - cx) ** 2 + (y - cy) ** 2) / maxD;
        const gain = exposure * (1 - 0.28 * d);
        const n = (rng.float() - 0.5) * grain;
        for (let ch = 0; ch < 3; ch += 1) this.data[i + ch] = (this.data[i + ch] ?? 0) * gain + n;
      }
    }
  }
}
