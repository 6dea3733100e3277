import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  completionBlocker,
  isOverdue,
  jobActions,
  type JobAction,
  type JobState,
  type ReportStatus,
} from '@urs/sync-protocol';
import { FactList } from '../../../components/ui/fact-list.js';
import { confirmDialog } from '../../../client/dialog.js';
import { toast } from '../../../client/toast.js';
import { formatDateTime, formatDue } from '../../../lib/format.js';
import { schoolUtcOffset } from '../../../lib/school-time.js';
import { useMinute } from '../../../lib/use-minute.js';
import type { ReportView } from '../detail/report-detail-source.js';
import { changeJobStatus, handBackJob, type JobUser } from '../data/job-writes.js';
import { statusKey } from '../report-i18n.js';
import { OverdueBadge, PriorityBadge } from './job-badges.js';
import { JobPlanForm } from './job-plan-form.js';
import '../job-i18n.js';
import './jobs.css';

/** The job as the contract's rules read it, from what the detail screen holds. */
export function jobStateOfView(view: ReportView): JobState {
  const { report, photos } = view;
  return {
    status: report.status,
    reporter_id: report.reporter_id,
    assignee_id: report.assignee_id,
    before_photos: photos.filter((photo) => photo.kind === 'before').length,
    after_photos: photos.filter((photo) => photo.kind === 'after').length,
  };
}

/**
 * What this user may do with the job now (the contract's `jobActions`, the same table the server
 * enforces): only on a report the device holds, whose changes go through the outbox. A server
 * copy is read-only.
 */
export function jobActionsOf(view: ReportView, user: JobUser): Set<JobAction> {
  return view.source === 'device' ? jobActions(jobStateOfView(view), user) : new Set();
}

/** The status buttons, in the order they are offered, and where each one takes the job. */
const STATUS_BUTTONS: readonly { action: JobAction; to: ReportStatus; primary: boolean }[] = [
  { action: 'start', to: 'in_progress', primary: true },
  { action: 'complete', to: 'completed', primary: true },
  { action: 'reopen', to: 'in_progress', primary: false },
  { action: 'cancel', to: 'cancelled', primary: false },
];

/**
 * The report's job: who does it, how urgent, by when (overdue said so), and the actions this
 * user may take, all working offline through the outbox. An admin plans it here too.
 */
export function JobPanel({
  view,
  user,
  onAddAfterPhoto,
}: {
  view: ReportView;
  user: JobUser;
  /** Opens the after photo picker (shown when a completion waits for one). */
  onAddAfterPhoto?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const minute = useMinute();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { report, names } = view;
  const language = i18n.language;
  const actions = jobActionsOf(view, user);
  const state = jobStateOfView(view);
  const blocked = actions.has('complete') && completionBlocker(state, user) !== null;
  const overdue = isOverdue(
    report,
    minute,
    schoolUtcOffset(user.school_utc_offset, new Date(minute)),
  );

  const assignee =
    report.assignee_id === null
      ? t('jobs.unassigned')
      : (names.assignee ?? t('reports.unknownUser'));
  const facts: [string, ReactNode][] = [
    [t('jobs.assignee'), <span data-testid="job-assignee">{assignee}</span>],
    [t('jobs.priority'), <PriorityBadge priority={report.priority} showNormal />],
    [
      t('jobs.due'),
      <span className="jb-due" data-testid="job-due">
        {report.due_date === null
          ? t('jobs.noDue')
          : formatDue(report.due_date, report.due_time, language)}
        {overdue && <OverdueBadge />}
      </span>,
    ],
    ...(report.completed_at !== null
      ? [[t('jobs.completedAt'), formatDateTime(report.completed_at, language)] as [string, string]]
      : []),
  ];

  const run = async (work: () => Promise<void>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const setStatus = (to: ReportStatus) =>
    run(async () => {
      setRefusal(null);
      if (
        to === 'cancelled' &&
        !(await confirmDialog({
          title: t('reports.cancelTitle'),
          text: t('reports.cancelText'),
          icon: 'warning',
          confirmLabel: t('reports.cancelConfirm'),
          cancelLabel: t('reports.cancelBack'),
          danger: true,
        }))
      ) {
        return;
      }
      const outcome = await changeJobStatus(user, report, to);
      if (outcome === 'queued') {
        toast.success(t('jobs.statusChanged', { status: t(statusKey(to)) }));
      } else if (outcome !== 'unchanged') {
        setRefusal(outcome.refused);
      }
    });

  const handBack = () =>
    run(async () => {
      const ok = await confirmDialog({
        title: t('jobs.handBackTitle'),
        text: t('jobs.handBackText'),
        icon: 'question',
        confirmLabel: t('jobs.handBackConfirm'),
        cancelLabel: t('reports.cancelBack'),
      });
      if (ok && (await handBackJob(user, report))) toast.success(t('jobs.handedBack'));
    });

  const statusButtons = STATUS_BUTTONS.filter((button) => actions.has(button.action));
  return (
    <section
      className="card rp-section jb-panel"
      aria-labelledby="jb-panel"
      data-testid="job-panel"
    >
      <h2 id="jb-panel" className="rp-heading">
        {t('jobs.panel')}
      </h2>
      {report.origin === 'poster' && <p className="muted">{t('jobs.fromPoster')}</p>}
      <FactList className="fact-list rp-facts" itemClassName="rp-fact" facts={facts} />
      {blocked && (
        <div className="jb-blocked" data-testid="after-photo-needed">
          <p>{t('jobs.needsAfterPhoto')}</p>
          {onAddAfterPhoto !== undefined && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={onAddAfterPhoto}
            >
              {t('jobs.addAfterPhoto')}
            </button>
          )}
        </div>
      )}
      {refusal !== null && (
        <p className="alert alert-error" role="alert">
          {refusal}
        </p>
      )}
      {(statusButtons.length > 0 || actions.has('hand_back')) && (
        <div className="rp-status-actions no-print" role="group" aria-label={t('jobs.actions')}>
          {statusButtons.map(({ action, to, primary }) => (
            <button
              key={action}
              type="button"
              className={`button button-small ${primary ? 'button-primary' : 'button-secondary'}`}
              disabled={busy}
              data-action={action}
              onClick={() => void setStatus(to)}
            >
              {t(`jobs.${action}`)}
            </button>
          ))}
          {actions.has('hand_back') && (
            <button
              type="button"
              className="button button-small button-secondary"
              disabled={busy}
              data-action="hand_back"
              onClick={() => void handBack()}
            >
              {t('jobs.handBack')}
            </button>
          )}
        </div>
      )}
      {actions.has('plan') && <JobPlanForm report={report} user={user} />}
    </section>
  );
}
