import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT_LIMITS } from '@urs/sync-protocol';
import { TextAreaField } from '../../../components/ui/text-field.js';
import { formatDateTime } from '../../../lib/format.js';
import type { ReportView } from '../detail/report-detail-source.js';
import { useReportTimeline } from '../data/job-queries.js';
import { addComment, type JobUser } from '../data/job-writes.js';
import { eventSentences } from './event-text.js';
import '../job-i18n.js';
import './jobs.css';

/**
 * The report's timeline, oldest first (newest last): its filing, then every change of its job
 * and every comment, each "who, what, when" in plain words, this device's own marked until the
 * server has them. Under it, the comment box for those who may comment.
 */
export function ReportTimeline({
  view,
  user,
  mayComment,
}: {
  view: ReportView;
  user: JobUser;
  mayComment: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { report, names } = view;
  const timeline = useReportTimeline(report.id, user.id);
  const language = i18n.language;
  return (
    <section className="card rp-section" aria-labelledby="jb-timeline" data-testid="timeline">
      <h2 id="jb-timeline" className="rp-heading">
        {t('jobs.timeline')}
      </h2>
      <ol className="jb-timeline">
        <li className="jb-event">
          <time className="jb-event-time" dateTime={report.reported_at}>
            {formatDateTime(report.reported_at, language)}
          </time>
          <p>{t('jobs.events.filed', { actor: names.reporter ?? t('jobs.someone') })}</p>
        </li>
        {timeline?.events.map((event) => (
          <li
            key={event.id}
            className={event.kind === 'comment' ? 'jb-event jb-event-comment' : 'jb-event'}
            data-event-kind={event.kind}
          >
            <span className="jb-event-time">
              <time dateTime={event.occurred_at}>
                {formatDateTime(event.occurred_at, language)}
              </time>
              {timeline.waiting.has(event.id) && (
                <span className="rp-unsynced" data-testid="unsynced">
                  {t('reports.unsynced')}
                </span>
              )}
            </span>
            {eventSentences(event, timeline.names, t, language).map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
            {event.body !== null && <p className="jb-comment">{event.body}</p>}
            {event.kept && <p className="muted jb-kept">{t('jobs.events.kept')}</p>}
          </li>
        ))}
      </ol>
      {mayComment && <CommentBox reportId={report.id} user={user} />}
    </section>
  );
}

function CommentBox({ reportId, user }: { reportId: string; user: JobUser }) {
  const { t } = useTranslation();
  const id = useId();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const refusal = await addComment(user, reportId, body);
      setError(refusal);
      if (refusal === null) setBody('');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="jb-comment-form no-print" noValidate onSubmit={(event) => void submit(event)}>
      <TextAreaField
        id={`${id}-comment`}
        label={t('jobs.comment')}
        hint={t('jobs.commentHint')}
        rows={3}
        maxLength={TEXT_LIMITS.comment}
        value={body}
        errors={error === null ? undefined : [error]}
        onChange={(event) => {
          setBody(event.target.value);
          setError(null);
        }}
      />
      <div className="rp-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {t('jobs.commentSend')}
        </button>
      </div>
    </form>
  );
}
