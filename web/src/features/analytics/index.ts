/**
 * What other features may use of the analytics: the snapshot drawn as figures, charts and tables
 * (the district shows any one school's with it) and how old a fetched figure is. Everything else
 * in this folder is private to it.
 */
export { AnalyticsReport } from './analytics-report.js';
export { formatAge } from './analytics-store.js';
