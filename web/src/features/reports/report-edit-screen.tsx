import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { allowedStatusChanges, type ReportStatus } from '@urs/sync-protocol';
import { Page } from '../../components/ui/page.js';
import { toast } from '../../lib/toast.js';
import { useCurrentUser } from '../../lib/use-session.js';
import { draftKey } from './report-draft.js';
import { planEdit, type FormPhoto } from './report-form-state.js';
import { ReportForm } from './report-form.js';
import { runPlan } from './report-save.js';
import { useReport } from './use-report.js';
import './report-i18n.js';
import { ReportUnavailable } from './report-unavailable.js';

const route = getRouteApi('/_shell/reports/$id/edit');

export function ReportEditScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { id } = route.useParams();
  const loaded = useReport(id);
  if (user === null) return null;

  const title = t('pages.reportEdit');
  if (loaded === undefined || loaded === null) {
    return <ReportUnavailable title={title} loading={loaded === undefined} />;
  }
  const { report, photos } = loaded;
  if (user.role !== 'admin' && report.reporter_id !== user.id) {
    return (
      <Page title={title}>
        <div className="alert alert-error" role="alert">
          {t('reports.notOwner')}
        </div>
      </Page>
    );
  }

  const statusOptions: ReportStatus[] = [
    report.status,
    ...allowedStatusChanges(report.status, user.role),
  ];
  const initialPhotos: FormPhoto[] = photos.map((photo) => ({
    id: photo.id,
    kind: photo.kind,
    sha256: photo.sha256,
    mime_type: photo.mime_type,
    size_bytes: photo.size_bytes,
    captured_at: photo.captured_at ?? null,
    attached: true,
  }));

  return (
    <Page title={title}>
      <ReportForm
        key={report.id}
        userId={user.id}
        draftKey={draftKey(user.id, report.id)}
        initialValues={{
          area_id: report.area_id,
          category_id: report.category_id ?? '',
          work_type: report.work_type,
          description: report.description,
          status: report.status,
        }}
        initialPhotos={initialPhotos}
        statusOptions={statusOptions}
        onCancel={() => void navigate({ to: `/reports/${report.id}` })}
        onSubmit={async (values, formPhotos) => {
          const errors = await runPlan(
            user.id,
            planEdit({
              report,
              values,
              photos: formPhotos,
              existingPhotos: photos,
              now: new Date(),
            }),
          );
          if (errors !== null) return errors;
          toast.success(navigator.onLine ? t('reports.saved') : t('reports.savedOffline'));
          void navigate({ to: `/reports/${report.id}` });
          return null;
        }}
      />
    </Page>
  );
}
