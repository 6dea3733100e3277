/**
 * What other features may use of reports (the dashboard's recent list); everything else in
 * this folder is private to it, and lint refuses imports that bypass this file.
 */
import './report-i18n.js';
import './reports.css';

export { ReportCards } from './mine/report-card.js';
// A card that reads its own names and photo count, under the name the dashboard knows; a list
// of cards reads them once for all with ReportCards.
export { StandaloneReportCard as ReportCard } from './mine/report-card.js';
export { useUnsyncedReportIds } from './data/report-queries.js';
