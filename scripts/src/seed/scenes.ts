import type { Scene } from './data.js';
import type { Painter } from './scene-kit.js';
import { canteen, classroom, hall, lab, library, washroom } from './scenes-indoor.js';
import { court, garden, parking } from './scenes-outdoor.js';

export const PAINTERS: Record<Scene, Painter> = {
  classroom,
  lab,
  library,
  canteen,
  court,
  parking,
  garden,
  washroom,
  hall,
};
