import { roleSchema, z, type ReportFilters, type ReportListRow } from '@urs/sync-protocol';
import { api } from '../../lib/api.js';
import { ApiError, NetworkError } from '../../lib/api-client.js';
import { parsePaged, type PagedAnswer } from '../../lib/admin-kit.js';
import { STORAGE_KEYS } from '../../lib/storage-keys.js';
import {
  byRolePath,
  fileNameFromDisposition,
  isReportListRow,
  reportExportPath,
  reportListPath,
  type ExportScope,
  type ReportListState,
} from './report-list-logic.js';

const rowSchema = z.custom<ReportListRow>(isReportListRow);

export function listReports(state: ReportListState): Promise<PagedAnswer<ReportListRow>> {
  return api.json('GET', reportListPath(state)).then((body) => parsePaged(body, rowSchema));
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

/**
 * Downloads the Excel export with the bearer token (a plain link could not send it): fetch →
 * blob → object URL → a temporary `<a download>` named as the server's Content-Disposition says.
 */
export async function downloadReportExport(
  scope: ExportScope,
  filters: ReportFilters,
): Promise<string> {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const headers = new Headers({
    Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  if (token !== null && token !== '') headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/${reportExportPath(scope, filters)}`, { headers });
  } catch (err) {
    throw new NetworkError(err);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const message: unknown =
      typeof body === 'object' && body !== null ? Reflect.get(body, 'message') : undefined;
    throw new ApiError(
      response.status,
      typeof message === 'string' ? message : `HTTP ${response.status}`,
      body,
    );
  }
  const blob = await response.blob();
  const name = fileNameFromDisposition(
    response.headers.get('Content-Disposition'),
    `laporan-${scope}.xlsx`,
  );
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return name;
}
