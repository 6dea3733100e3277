import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  canDoJob,
  completionBlocker,
  jobActions,
  statusChangeAction,
  REPORT_STATUSES,
  type ReportStatus,
} from '@urs/sync-protocol';
import { errorText } from '../../../lib/error-text.js';
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
  // Who may edit a report is the job table's (decision 028): an admin, its reporter while it is
  // pending, its assignee when they filed it too.
  const job = {
    ...report,
    before_photos: photos.filter((photo) => photo.kind === 'before').length,
    after_photos: photos.filter((photo) => photo.kind === 'after').length,
  };
  if (!canDoJob('edit', job, user)) {
    return <ReportUnavailable title={title} loading={false} message={t('reports.notOwner')} />;
  }

  // The status moves this user may make, as the job panel offers them.
  const actions = jobActions(job, user);
  const statusOptions: ReportStatus[] = REPORT_STATUSES.filter((status) => {
    if (status === report.status) return true;
    const action = statusChangeAction(report.status, status);
    return action !== null && actions.has(action);
  });
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
          // Completed here needs what completing from the job panel needs: an after photo
          // where there are before photos (the server refuses it otherwise, later).
          const count = (kind: 'before' | 'after') =>
            formPhotos.filter((photo) => photo.kind === kind).length;
          if (
            values.status === 'completed' &&
            report.status !== 'completed' &&
            completionBlocker(
              { before_photos: count('before'), after_photos: count('after') },
              user,
            ) !== null
          ) {
            return { status: [errorText({ code: 'after_photo_required' })] };
          }
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
