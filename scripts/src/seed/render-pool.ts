import { BUILT_POOL_DIR, writePool } from './images.js';

/** Run by the scripts' build: paints the demo seed's photo pool into dist/seed/pool. */
writePool(BUILT_POOL_DIR);
