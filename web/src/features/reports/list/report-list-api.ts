import { roleSchema, z, type ReportFilters, type ReportListRow } from '@urs/sync-protocol';
import { api } from '../../../client/api.js';
import { downloadFile } from '../../../client/download.js';
import { parsePaged, type PagedAnswer } from '../../../client/admin-kit.js';
import {
  byRolePath,
  isReportListRow,
  reportExportPath,
  reportListPath,
  type ExportScope,
  type ReportListState,
} from './report-list-logic.js';

const rowSchema = z.custom<ReportListRow>(isReportListRow);

export function listReports(
  state: ReportListState,
  perPage?: number,
): Promise<PagedAnswer<ReportListRow>> {
  return api
    .json('GET', reportListPath(state, perPage))
    .then((body) => parsePaged(body, rowSchema));
}

const roleUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: roleSchema,
  report_count: z.coerce.number(),
});
export type RoleUser = z.infer<typeof roleUserSchema>;
const byRoleSchema = z.object({ data: z.array(roleUserSchema) });

export async function listReportersByRole(role: string): Promise<RoleUser[]> {
  const body = await api.json('GET', byRolePath(role));
  return byRoleSchema.parse(body).data;
}

/** Downloads the Excel export of the given scope and the active filters. */
export function downloadReportExport(scope: ExportScope, filters: ReportFilters): Promise<string> {
  return downloadFile(reportExportPath(scope, filters), `laporan-${scope}.xlsx`);
}
