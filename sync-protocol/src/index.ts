export * from './roles.js';
export * from './limits.js';
export * from './errors.js';
export * from './pagination.js';
export * from './entities/user.js';
export * from './entities/area.js';
export * from './work.js';
export * from './ids.js';
