import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isOccurrence,
  type Area,
  type Report,
  type RoundCompletion,
  type RoundTemplate,
} from '@urs/sync-protocol';
import { Page } from '../../../components/ui/page.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { toast } from '../../../client/toast.js';
import { formatDateTime, formatDay, formatDueTime } from '../../../lib/format.js';
import { useOccurrence, roundLinkOf } from './round-queries.js';
import { raiseReportFrom } from './round-writes.js';
import { RoundForm, Thumb } from './round-form.js';
import { answerText } from './answer-text.js';
import { closedByText } from './closed-by.js';
import { PrintRoundButton } from './round-proof.js';
import './round-i18n.js';
import '../job-i18n.js';
import '../reports.css';
import '../jobs/jobs.css';
import './rounds.css';

const route = getRouteApi('/_shell/tasks/rounds/$templateId/$date');

/**
 * One occurrence of a round: its checklist to answer, or, once done (here or by someone whose
 * completion the pull brought), what was answered, by whom and when, with the reports raised
 * from its failed items and the proof sheet.
 */
export function RoundScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const { templateId, date } = route.useParams();
  const view = useOccurrence(templateId, date);
  if (user === null || view === undefined) return <p className="muted">{t('common.loading')}</p>;
  const { template } = view;
  if (template === undefined) {
    return (
      <Page title={t('rounds.badge')}>
        <p className="card card-muted">{t('rounds.notFound')}</p>
        <Link to="/tasks" className="button button-secondary">
          {t('rounds.back')}
        </Link>
      </Page>
    );
  }
  const mine = view.completions.find((c) => c.completed_by === user.id);
  const shown = mine ?? view.completions[0];
  return (
    <Page title={template.title}>
      <div className="rd-head">
        <span className="jb-badge">{t('rounds.badge')}</span>
        <span>{view.areas.map((a) => a.name).join(', ')}</span>
        <span className="muted">
          {formatDay(date, i18n.language)} ·{' '}
          {template.due_time === null
            ? t('rounds.dueEnd')
            : t('rounds.dueAt', { time: formatDueTime(template.due_time, i18n.language) })}
        </span>
      </div>
      {shown === undefined ? (
        isOccurrence(template, date) || template.schedule.kind === 'after_completion' ? (
          <RoundForm template={template} date={date} userId={user.id} areas={view.areas} />
        ) : (
          <p className="card card-muted">{t('rounds.notScheduled')}</p>
        )
      ) : (
        <CompletionView
          template={template}
          completion={shown}
          names={view.names}
          areas={view.areas}
          reports={view.reports}
          userId={user.id}
        />
      )}
      <Link to="/tasks" className="button button-secondary rd-back">
        {t('rounds.back')}
      </Link>
    </Page>
  );
}

function CompletionView({
  template,
  completion,
  names,
  areas,
  reports,
  userId,
}: {
  template: RoundTemplate;
  completion: RoundCompletion;
  names: ReadonlyMap<string, string>;
  areas: readonly Area[];
  reports: readonly Report[];
  userId: string;
}) {
  const { t, i18n } = useTranslation();
  const [raised, setRaised] = useState<Record<string, string>>({});
  const closedBy = closedByText(completion, names, t, i18n.language);
  const reportOf = (itemId: string): string | undefined =>
    raised[itemId] ??
    reports.find((r) => roundLinkOf(r) === completion.id && r.round_item_id === itemId)?.id;
  const raise = async (itemId: string) => {
    const areaId = areas[0]?.id ?? template.area_ids[0];
    if (areaId === undefined) return;
    const id = await raiseReportFrom(userId, template, completion, itemId, areaId);
    if (id !== null) {
      setRaised((all) => ({ ...all, [itemId]: id }));
      toast.success(t('rounds.raised'));
    }
  };
  return (
    <div className="rd-done" data-testid="round-done">
      {closedBy !== null && (
        <p className="card rd-closed-by" role="status" data-testid="round-closed-by">
          {closedBy}
        </p>
      )}
      <p className="rd-done-line">
        <span className="jb-badge rd-badge-done">{t('rounds.done')}</span>{' '}
        {t('rounds.doneBy', {
          name: names.get(completion.completed_by) ?? '',
          time: formatDateTime(completion.completed_at, i18n.language),
        })}
      </p>
      <ol className="rd-items">
        {completion.answers.map((answer) => {
          const reportId = reportOf(answer.item_id);
          return (
            <li key={answer.item_id} className="card rd-item" data-item={answer.item_id}>
              <div className="rd-item-head">
                <span className="rd-item-label">{answer.label}</span>
                <span
                  className={`jb-badge rd-value rd-value-${typeof answer.value === 'string' ? answer.value : 'x'}`}
                >
                  {answerText(answer, t)}
                </span>
              </div>
              {answer.note !== null && <p className="rd-note">{answer.note}</p>}
              {answer.photos.length > 0 && (
                <div className="rd-photos">
                  {answer.photos.map((id) => (
                    <Thumb key={id} photoId={id} />
                  ))}
                </div>
              )}
              {answer.value === 'fail' &&
                (reportId !== undefined ? (
                  <Link
                    to="/reports/$id"
                    params={{ id: reportId }}
                    className="button button-secondary rd-report-link"
                    data-testid={`report-${answer.item_id}`}
                  >
                    {t('rounds.openReport')}
                  </Link>
                ) : (
                  <button
                    type="button"
                    className="button button-secondary rd-raise-button"
                    data-testid={`raise-now-${answer.item_id}`}
                    onClick={() => void raise(answer.item_id)}
                  >
                    {t('rounds.raise')}
                  </button>
                ))}
            </li>
          );
        })}
      </ol>
      {completion.note !== null && <p className="card rd-note">{completion.note}</p>}
      <PrintRoundButton template={template} completion={completion} names={names} areas={areas} />
    </div>
  );
}
