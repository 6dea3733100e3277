import type { Canvas, Rgb } from './canvas.js';
import type { Random } from './random.js';

/* What the scene painters share: each paints one kind of place as a staff phone photo shows it. */

export interface SceneInfo {
  /** First row of floor or ground, where dirt and litter land. */
  groundTop: number;
  outdoor: boolean;
  /** Places where a puddle belongs in a "before" photo. */
  wet: boolean;
}

/** `worn` asks for wear that belongs to the place itself, such as faded court lines. */
export type Painter = (cv: Canvas, rng: Random, worn: boolean) => SceneInfo;

export const WHITE: Rgb = [248, 248, 246];
export const STEEL: Rgb = [175, 180, 186];
