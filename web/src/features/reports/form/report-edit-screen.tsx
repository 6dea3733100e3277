import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { allowedStatusChanges, type ReportStatus } from '@urs/sync-protocol';
import { Page } from '../../../components/ui/page.js';
import { useAreaKnown } from '../data/area-queries.js';
import { toast } from '../../../client/toast.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { draftKey } from './report-draft.js';
import { attachedFormPhoto, formValuesOf, planEdit, type FormPhoto } from './report-form-state.js';
import { ReportForm } from './report-form.js';
import { runPlan } from '../data/report-writes.js';
import { planResend, refusalReason } from './refused-report.js';
import { useReport } from '../data/report-queries.js';
import { useRefusedReport } from '../data/refused-report-queries.js';
import '../report-i18n.js';
import { ReportUnavailable } from '../report-unavailable.js';

const route = getRouteApi('/_shell/reports/$id/edit');

export function ReportEditScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { id } = route.useParams();
  const loaded = useReport(id);
  const refused = useRefusedReport(user?.id ?? '', id, loaded?.photos);
  const areaId = loaded?.report.area_id;
  // An area removed since (often why the server refused it) is no choice: the form asks again.
  const areaKnown = useAreaKnown(areaId);
  if (user === null) return null;

  const title = t('pages.reportEdit');
  if (loaded === undefined || loaded === null || refused === undefined || areaKnown === undefined) {
    return <ReportUnavailable title={title} loading={loaded !== null} />;
  }
  const { report, photos } = loaded;
  if (user.role !== 'admin' && report.reporter_id !== user.id) {
    return <ReportUnavailable title={title} loading={false} message={t('reports.notOwner')} />;
  }

  const statusOptions: ReportStatus[] = [
    report.status,
    ...allowedStatusChanges(report.status, user.role),
  ];
  const initialPhotos: FormPhoto[] = photos.map(attachedFormPhoto);

  const reason = refusalReason(refused.entries);
  return (
    <Page title={title}>
      {reason !== null && (
        <div className="alert alert-error" role="alert" data-testid="report-refused">
          <strong>{t('reports.refusedTitle')}</strong> {t('reports.refusedText', { reason })}
        </div>
      )}
      <ReportForm
        key={report.id}
        userId={user.id}
        draftKey={draftKey(user.id, report.id)}
        initialValues={{ ...formValuesOf(report), ...(!areaKnown && { area_id: '' }) }}
        initialPhotos={initialPhotos}
        statusOptions={statusOptions}
        onCancel={() => void navigate({ to: '/reports/$id', params: { id: report.id } })}
        onSubmit={async (values, formPhotos) => {
          const resend = refused.entries.length > 0;
          const edit = {
            values,
            photos: formPhotos,
            existingPhotos: photos,
            actorId: user.id,
            now: new Date(),
          };
          const plan = resend
            ? planResend({
                ...edit,
                report,
                serverReport: refused.serverReport,
                refused: refused.entries,
              })
            : planEdit({ ...edit, report });
          // The plan takes the place of the refused entries it corrects (none for a plain edit).
          const errors = await runPlan(
            user.id,
            plan,
            refused.entries.map((entry) => entry.id),
          );
          if (errors !== null) return errors;
          toast.success(
            resend
              ? t('reports.resent')
              : navigator.onLine
                ? t('reports.saved')
                : t('reports.savedOffline'),
          );
          void navigate({ to: '/reports/$id', params: { id: report.id } });
          return null;
        }}
      />
    </Page>
  );
}
