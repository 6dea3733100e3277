/**
 * What other features may use of reports (the dashboard's recent list); everything else in
 * this folder is private to it, and lint refuses imports that bypass this file.
 */
import './report-i18n.js';
import './reports.css';

export { ReportCards } from './mine/report-card.js';
export { useUnsyncedReportIds } from './data/report-queries.js';
