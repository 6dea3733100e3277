/**
 * What other features may use of reports (the dashboard's recent list); everything else in
 * this folder is private to it, and lint refuses imports that bypass this file.
 */
import './report-i18n.js';
import './job-i18n.js';
import './reports.css';
import './jobs/jobs.css';
import './rounds/round-i18n.js';

export { ReportCards } from './mine/report-card.js';
export { useUnsyncedReportIds } from './data/report-queries.js';
export { useWorkPerPerson } from './data/job-queries.js';
export type { TaskCounts, PersonWork } from './data/job-queries.js';
export { useRoundsToday, useTaskCounts } from './rounds/round-queries.js';
