import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '@urs/sync-protocol';
import { Page } from '../../../components/ui/page.js';
import { useArea } from '../data/area-queries.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { seemsOnline } from '../../../sync/index.js';
import { toast } from '../../../client/toast.js';
import { draftKey, saveDraft } from './report-draft.js';
import { EMPTY_FORM, NEW_REPORT_STATUSES } from './report-form-state.js';
import { ReportForm } from './report-form.js';
import { fileNewReport } from '../data/report-writes.js';
import '../report-i18n.js';

const route = getRouteApi('/_shell/reports/create');

export function ReportCreateScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const area = route.useSearch({ select: (search) => search.area ?? '' });
  const [newReportId] = useState(newId);
  // An area poster's link names its area: one deactivated since is no choice for a new report
  // (the admin's screen says only active areas can be chosen), so the form asks again. An
  // area this device does not know yet (a first sign-in from the poster) is kept.
  const posterArea = useArea(area);
  // Decided once, when the form opens: a pull that deactivates the area a moment later must
  // not leave the notice beside a form that already started with the area.
  const [decided, setDecided] = useState<{ area: string; retiredName: string | null }>();
  if (posterArea !== undefined && decided?.area !== area) {
    setDecided({
      area,
      retiredName: posterArea !== null && !posterArea.active ? posterArea.name : null,
    });
  }
  if (user === null || decided?.area !== area) return null;
  const retired = decided.retiredName !== null;

  return (
    <Page title={t('pages.reportCreate')}>
      {retired && (
        <p className="alert alert-info" role="status">
          {t('reports.posterAreaInactive', { name: decided.retiredName })}
        </p>
      )}
      <ReportForm
        userId={user.id}
        draftKey={draftKey(user.id)}
        initialValues={{ ...EMPTY_FORM, area_id: retired ? '' : area }}
        presetValues={{ area_id: retired ? '' : area }}
        initialPhotos={[]}
        statusOptions={NEW_REPORT_STATUSES}
        offerUnassigned
        onCancel={() => void navigate({ to: user.role === 'admin' ? '/' : '/user/reports' })}
        newReportId={newReportId}
        onSubmit={async (values, photos, reportId, startedFrom) => {
          const id = reportId ?? newReportId;
          const filing = await fileNewReport({
            id,
            reporterId: user.id,
            values,
            photos,
            startedFrom,
          });
          if (filing.kind === 'refused') return filing.errors;
          if (filing.kind === 'filed') {
            toast.success(seemsOnline() ? t('reports.saved') : t('reports.savedOffline'));
          } else if (filing.changes === null) {
            toast.info(t('reports.alreadyFiled'));
          } else {
            // Changed since it was filed: the changes become that report's edit draft, for the
            // user to check and save there.
            saveDraft(localStorage, draftKey(user.id, id), filing.changes);
            toast.info(t('reports.alreadyFiledChanged'));
            void navigate({ to: '/reports/$id/edit', params: { id } });
            return null;
          }
          void navigate({ to: '/reports/$id', params: { id } });
          return null;
        }}
      />
    </Page>
  );
}
