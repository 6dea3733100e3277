import { useModalDialog } from '../../../../components/ui/use-modal-dialog.js';
import type { User } from '@urs/sync-protocol';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../../client/toast.js';
import { RequestDecisionModal } from './request-decision.js';
import { useRequestsText } from '../requests-i18n.js';
import { type Decision } from '../data/request-rows.js';
import { type RequestSyncMark } from '../data/request-sync-marks.js';
import { buildTimeline, type TimelineStep } from './request-timeline.js';
import { personName, quantityText, type RequestEntry } from '../list/requests-list.js';
import { useRequestImage } from '../data/requests-queries.js';
import { dismissRequestRefusal, type RequestsDatabase } from '../data/requests-writes.js';
import { formatDateTime, formatDay } from '../../../../lib/format.js';
import { FactList } from '../../../../components/ui/fact-list.js';
import { FirstDownloadNotice } from '../../../../components/ui/first-download.js';
import { useFirstDownload } from '../../../../sync/index.js';

/** Only a web address becomes a link; a `javascript:` or `data:` one would run here. */
const WEB_ADDRESS = /^https?:\/\//i;

/** A native modal <dialog>: focus trapped, page inert, Escape closes, focus returns after. */
function DetailDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const k = useRequestsText();
  const ref = useModalDialog();
  const titleId = useId();
  return (
    <dialog
      ref={ref}
      className="dialog req-detail-dialog"
      aria-labelledby={titleId}
      data-testid="request-detail"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-body">
        <div className="req-detail-head">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <button
            type="button"
            className="button button-secondary req-close"
            onClick={onClose}
            aria-label={k('detail.close')}
          >
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

const IMAGE_STATE_TEXT = {
  loading: 'detail.imageLoading',
  offline: 'detail.imageOffline',
  unavailable: 'detail.imageUnavailable',
} as const;

function RequestImage({ entry, online }: { entry: RequestEntry; online: boolean }) {
  const k = useRequestsText();
  const image = useRequestImage(entry.request, online);
  if (image.state === 'none') return null;
  const name = entry.itemName ?? k('unknownItem');
  return (
    <section className="req-detail-section" aria-label={k('detail.image')}>
      <h3 className="req-subheading">{k('detail.image')}</h3>
      {image.state === 'ready' ? (
        <img className="req-detail-image" src={image.url} alt={k('detail.imageAlt', { name })} />
      ) : (
        <p className="muted" role="status" data-testid="request-image-state">
          {k(IMAGE_STATE_TEXT[image.state])}
        </p>
      )}
    </section>
  );
}

const SYNC_TEXT = {
  done: 'timeline.synced',
  waiting: 'timeline.waitingSync',
  refused: 'timeline.syncRefused',
} as const;
const DECISION_MARK = {
  waiting: ['pending', 'timeline.decisionWaitingSync'],
  refused: ['refused', 'timeline.decisionRefused'],
} as const;

function Timeline({
  steps,
  names,
}: {
  steps: readonly TimelineStep[];
  names: { requester: string; approver: string };
}) {
  const { i18n } = useTranslation();
  const k = useRequestsText();
  const label = (s: TimelineStep): string =>
    k(
      s.kind === 'synced'
        ? SYNC_TEXT[s.state]
        : s.kind === 'awaiting_decision'
          ? 'timeline.awaitingDecision'
          : `timeline.${s.kind}`,
      { name: s.kind === 'created' ? names.requester : names.approver, number: s.number },
    );
  return (
    <section className="req-detail-section" aria-labelledby="req-timeline-title">
      <h3 id="req-timeline-title" className="req-subheading">
        {k('timeline.title')}
      </h3>
      <ol className="req-timeline" data-testid="request-timeline">
        {steps.map((s) => (
          <li
            key={s.kind}
            className={`req-step req-step-${s.state}`}
            data-kind={s.kind}
            data-state={s.state}
          >
            <span className="req-step-dot" aria-hidden="true" />
            <div className="req-step-body">
              <span className="req-step-label">{label(s)}</span>
              {s.at !== null && (
                <time className="muted" dateTime={s.at}>
                  {formatDateTime(s.at, i18n.language)}
                </time>
              )}
              {(s.kind === 'approved' || s.kind === 'rejected') && s.state !== 'done' && (
                <span className={`req-mark req-mark-${DECISION_MARK[s.state][0]}`}>
                  {k(DECISION_MARK[s.state][1])}
                </span>
              )}
              {s.notes !== null && <p>{k('timeline.notes', { notes: s.notes })}</p>}
              {s.message !== null && s.message !== '' && (
                <p className="req-step-message">{s.message}</p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The request's label-and-value facts; a custom request adds its store link, shown safely. */
function RequestFacts({ entry, requester }: { entry: RequestEntry; requester: string }) {
  const { i18n } = useTranslation();
  const k = useRequestsText();
  const { request } = entry;
  const none = k('detail.none');
  const facts: [string, ReactNode][] = [
    [k('detail.number'), request.number ?? k('awaitingNumber')],
    [k('detail.type'), k(`types.${request.type}`)],
    [k('detail.item'), entry.itemName ?? k('unknownItem')],
    [k('detail.quantity'), quantityText(entry)],
    [
      k('detail.neededDate'),
      request.needed_date === null ? none : formatDay(request.needed_date, i18n.language),
    ],
    [k('detail.requester'), requester],
    [k('detail.notes'), request.notes ?? none],
  ];
  if (request.type === 'custom') {
    facts.splice(3, 0, [
      k('detail.storeLink'),
      request.store_link === null ? (
        none
      ) : WEB_ADDRESS.test(request.store_link) ? (
        <a href={request.store_link} target="_blank" rel="noopener noreferrer" className="req-link">
          {request.store_link}
        </a>
      ) : (
        // Stored before the contract refused other schemes: shown, never followed.
        request.store_link
      ),
    ]);
  }
  if (request.approver_notes !== null)
    facts.push([k('detail.approverNotes'), request.approver_notes]);
  return <FactList className="fact-list" facts={facts} />;
}

/** The server's refusals of this request's changes, each to fix (a creation) or dismiss. */
function RefusalNotices({
  mark,
  userId,
  database,
  onFix,
}: {
  mark: RequestSyncMark | undefined;
  userId: string;
  database: RequestsDatabase | undefined;
  onFix: ((entryId: number) => void) | undefined;
}) {
  const k = useRequestsText();
  const [dismissing, setDismissing] = useState<number | null>(null);

  const dismiss = async (entryId: number) => {
    setDismissing(entryId);
    try {
      await dismissRequestRefusal(userId, entryId, database);
      toast.success(k('conflict.dismissed'));
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    } finally {
      setDismissing(null);
    }
  };

  return mark?.refused.map((refusal) => (
    <div
      key={refusal.entryId}
      className="alert alert-error req-conflict"
      role="alert"
      data-testid="request-conflict"
    >
      <p className="req-conflict-title">{k('conflict.title')}</p>
      <p>{refusal.message}</p>
      <p className="req-conflict-hint">{k('conflict.hint')}</p>
      {refusal.name === 'request.create' && onFix !== undefined && (
        <button
          type="button"
          className="button button-primary"
          onClick={() => onFix(refusal.entryId)}
        >
          {k('conflict.fix')}
        </button>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={dismissing === refusal.entryId}
        onClick={() => void dismiss(refusal.entryId)}
      >
        {k('conflict.dismiss')}
      </button>
    </div>
  ));
}

/**
 * One request in full (selected by `?request=<id>`): facts, image, timeline, the server's
 * refusals with a way to dismiss them, and — for an admin, while pending — approve or reject.
 */
export function RequestDetail({
  entry,
  loading,
  mark,
  user,
  online,
  onClose,
  onFix,
  database,
}: {
  /** null: the device has no such request. */
  entry: RequestEntry | null;
  loading: boolean;
  mark: RequestSyncMark | undefined;
  user: Pick<User, 'id' | 'name' | 'role'>;
  online: boolean;
  onClose: () => void;
  /** Opens a refused creation in the request form, to correct and send again. */
  onFix?: (entryId: number) => void;
  /** The app's database; tests pass their own. */
  database?: RequestsDatabase;
}) {
  const k = useRequestsText();
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const download = useFirstDownload(user.id);

  if (entry === null) {
    return (
      <DetailDialog title={k('detail.title')} onClose={onClose}>
        {!loading && download.active ? (
          <FirstDownloadNotice download={download} className="" />
        ) : (
          <p className="muted" role="status">
            {loading ? k('loading') : k('detail.notFound')}
          </p>
        )}
      </DetailDialog>
    );
  }

  const { request } = entry;
  const requester = personName(request.requester_id, entry.requesterName, user, k('unknownUser'));
  const approver = personName(request.approver_id, entry.approverName, user, k('unknownUser'));
  const mayDecide = user.role === 'admin' && request.status === 'pending';

  return (
    <DetailDialog
      title={`${k('detail.title')} · ${request.number ?? k('awaitingNumber')}`}
      onClose={onClose}
    >
      <div className="req-detail-badges">
        <span className={`req-status req-status-${request.status}`}>
          {k(`statuses.${request.status}`)}
        </span>
        {(mark?.pending.length ?? 0) > 0 && (
          <span className="req-mark req-mark-pending">{k('unsynced')}</span>
        )}
      </div>
      <RefusalNotices mark={mark} userId={user.id} database={database} onFix={onFix} />
      <RequestFacts entry={entry} requester={requester} />
      {request.type === 'custom' && <RequestImage entry={entry} online={online} />}
      <Timeline steps={buildTimeline(request, mark)} names={{ requester, approver }} />

      {mayDecide && (
        <div className="req-decide" role="group" aria-label={k('decide.actions')}>
          <button
            type="button"
            className="button button-primary"
            onClick={() => setDeciding('approved')}
          >
            {k('decide.approve')}
          </button>
          <button
            type="button"
            className="button button-danger"
            onClick={() => setDeciding('rejected')}
          >
            {k('decide.reject')}
          </button>
        </div>
      )}

      {deciding !== null && (
        <RequestDecisionModal
          actor={user}
          requestId={request.id}
          label={request.number ?? entry.itemName ?? k('unknownItem')}
          decision={deciding}
          onClose={() => setDeciding(null)}
          database={database}
        />
      )}
    </DetailDialog>
  );
}
