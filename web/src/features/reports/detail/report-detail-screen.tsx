import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type PhotoKind, type ReportDetailPhoto, type User } from '@urs/sync-protocol';
import { FactList } from '../../../components/ui/fact-list.js';
import { Page } from '../../../components/ui/page.js';
import { toast } from '../../../client/toast.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { PhotoLightbox } from './photo-lightbox.js';
import { reportNumberText } from '../report-number.js';
import { ReportStatusHead } from '../report-status-head.js';
import { workTypeKey } from '../report-i18n.js';
import { photoFileName, usePhotoUrl } from '../data/photo-queries.js';
import { useUnsyncedReportIds } from '../data/report-queries.js';
import { changeReport, confirmAndDeleteReport } from '../data/report-writes.js';
import { JobPanel, jobActionsOf } from '../jobs/job-panel.js';
import { ReportTimeline } from '../jobs/report-timeline.js';
import { AddPhotoButton } from '../jobs/add-photo-button.js';
import {
  mayChangeReport,
  serverCopyNote,
  type DetailState,
  type ReportView,
} from './report-detail-source.js';
import { useFirstDownload } from '../../../sync/index.js';
import { arrivedLate } from './filing-time.js';
import { useReportDetail } from './use-report-detail.js';
import '../reports.css';
import { ReportUnavailable } from '../report-unavailable.js';
import { CaptureCaption, CaptureOrderProvider } from '../proof-sheet/capture-caption.js';
import { PrintReportButton } from '../proof-sheet/print-report-button.js';
import '../proof-sheet/report-print.css';
import { formatDateTime } from '../../../lib/format.js';
import { TextAreaField } from '../../../components/ui/text-field.js';

const route = getRouteApi('/_shell/reports/$id');

function PhotoTile({
  photo,
  label,
  onOpen,
}: {
  photo: ReportDetailPhoto;
  label: string;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const url = usePhotoUrl(photo.id);
  return (
    <li className="rp-photo" data-photo-id={photo.id}>
      <div className="rp-thumb rp-thumb-large">
        {url.state === 'ready' ? (
          <button
            type="button"
            className="rp-thumb-open"
            aria-label={t('reports.enlarge', { name: label })}
            onClick={onOpen}
          >
            <img src={url.url} alt={label} />
          </button>
        ) : (
          <span className="rp-thumb-missing">
            {url.state === 'loading' ? t('reports.photoLoading') : t('reports.photoUnavailable')}
          </span>
        )}
      </div>
      {/* Under the photo, not over it: a tap on the photo enlarges it, wherever it lands. */}
      {url.state === 'ready' && (
        <a
          className="rp-thumb-download"
          href={url.url}
          download={photoFileName(photo.id, url.mime)}
        >
          {t('reports.download')}
        </a>
      )}
      <CaptureCaption photoId={photo.id} capturedAt={photo.captured_at} />
    </li>
  );
}

function PhotoGroup({
  kind,
  photos,
  add,
}: {
  kind: PhotoKind;
  photos: readonly ReportDetailPhoto[];
  /** A way to add one (the job's after photo), for those who may. */
  add?: ReactNode;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<number | null>(null);
  const title = kind === 'before' ? t('reports.photosBefore') : t('reports.photosAfter');
  const kindLabel = t(`reports.kinds.${kind}`);
  return (
    <section className="card rp-section" aria-label={title}>
      <h2 className="rp-heading">{title}</h2>
      {add}
      {photos.length === 0 ? (
        <p className="muted">{t('reports.noPhotos')}</p>
      ) : (
        <ul className="rp-thumbs">
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              label={t('reports.photoAlt', { kind: kindLabel, n: index + 1 })}
              onOpen={() => setOpen(index)}
            />
          ))}
        </ul>
      )}
      {open !== null && (
        <PhotoLightbox
          photos={photos}
          index={open}
          label={title}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}

/**
 * The message for a report the screen cannot show; null when it can (or while it loads), and
 * undefined for one the device does not hold (ReportUnavailable's own words, which a first
 * download changes).
 */
function unavailableText(detail: DetailState): string | null | undefined {
  switch (detail.state) {
    case 'not-on-device':
      return undefined;
    case 'not-found':
      return 'reports.notFoundServer';
    case 'failed':
      return 'reports.loadFailed';
    default:
      return null;
  }
}

export function ReportDetailScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { id } = route.useParams();
  const detail = useReportDetail(id, user);

  if (user === null) return null;
  const title = t('pages.reportDetail');
  if (detail.state !== 'ready') {
    const message = unavailableText(detail);
    return (
      <ReportUnavailable
        title={title}
        loading={message === null}
        {...(typeof message === 'string' && { message: t(message) })}
      />
    );
  }
  return <ReportDetailReady view={detail.view} user={user} />;
}

/** The report once it is known: summary, job, photos, timeline and the admin's tools. */
function ReportDetailReady({ view, user }: { view: ReportView; user: Pick<User, 'id' | 'role'> }) {
  const { t } = useTranslation();
  const afterPhotoInput = useRef<HTMLInputElement>(null);
  const { report, photos } = view;
  const mayChange = mayChangeReport(view, user);
  const actions = jobActionsOf(view, user);
  const mayAddPhotos = actions.has('photos');

  return (
    <Page
      title={t('pages.reportDetail')}
      actions={
        <>
          <PrintReportButton source={view} />
          {mayChange && (
            <Link
              to="/reports/$id/edit"
              params={{ id: report.id }}
              className="button button-secondary no-print"
            >
              {t('reports.edit')}
            </Link>
          )}
        </>
      }
    >
      <div className="rp-detail">
        <ReportSummary view={view} user={user} />
        <JobPanel
          view={view}
          user={user}
          {...(mayAddPhotos && { onAddAfterPhoto: () => afterPhotoInput.current?.click() })}
        />
        <CaptureOrderProvider photos={photos}>
          <PhotoGroup kind="before" photos={photos.filter((photo) => photo.kind === 'before')} />
          <PhotoGroup
            kind="after"
            photos={photos.filter((photo) => photo.kind === 'after')}
            add={
              mayAddPhotos && (
                <AddPhotoButton
                  ref={afterPhotoInput}
                  userId={user.id}
                  reportId={report.id}
                  kind="after"
                  photos={photos}
                />
              )
            }
          />
        </CaptureOrderProvider>
        {view.source === 'device' && (
          <ReportTimeline view={view} user={user} mayComment={actions.has('comment')} />
        )}
        {view.source === 'device' && user.role === 'admin' && (
          <AdminTools view={view} userId={user.id} />
        )}
      </div>
    </Page>
  );
}

/** Status, description and the facts; the job and its actions are the job panel's. */
function ReportSummary({ view, user }: { view: ReportView; user: Pick<User, 'id' | 'role'> }) {
  const { t, i18n } = useTranslation();
  const unsynced = useUnsyncedReportIds(user.id);
  const download = useFirstDownload(user.id);
  const { report, names } = view;

  const rows: [string, string][] = [
    [t('reports.number'), reportNumberText(report, t)],
    [t('reports.area'), names.area ?? t('reports.unknownArea')],
    [t('reports.category'), names.category ?? t('reports.categoryNone')],
    [t('reports.workType'), t(workTypeKey(report.work_type))],
    [t('reports.reporter'), names.reporter ?? t('reports.unknownUser')],
    // Created is when the work was filed on the device; the receipt only when it says more.
    [t('reports.createdAt'), formatDateTime(report.reported_at, i18n.language)],
    ...(arrivedLate(report)
      ? [
          [t('reports.receivedAt'), formatDateTime(report.created_at, i18n.language)] as [
            string,
            string,
          ],
        ]
      : []),
    [t('reports.updatedAt'), formatDateTime(report.updated_at, i18n.language)],
    [t('reports.adminNote'), report.admin_note ?? t('reports.adminNoteEmpty')],
  ];

  return (
    <section className="card rp-section">
      <ReportStatusHead status={report.status} unsynced={unsynced.has(report.id)} />
      <p className="rp-description">{report.description}</p>
      {view.source === 'server' && (
        <p className="muted" data-testid="report-from-server">
          {t(serverCopyNote(view, user, download.active))}
        </p>
      )}
      {view.photosFromServer === true && (
        <p className="muted" data-testid="report-kept-from-server">
          {t('reports.keptFromServer')}
        </p>
      )}
      <FactList className="fact-list rp-facts" itemClassName="rp-fact" facts={rows} />
    </section>
  );
}

/** The admin's note and the delete, for an admin who may change this report. */
function AdminTools({ view, userId }: { view: ReportView; userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { report, photos } = view;
  const [note, setNote] = useState<string | null>(null);
  const adminNote = report.admin_note ?? '';
  useEffect(() => setNote(null), [adminNote]);

  const saveNote = async () => {
    const value = (note ?? adminNote).trim();
    const patch = { admin_note: value === '' ? null : value };
    if (await changeReport(userId, report, { name: 'report.set_admin_note', patch }))
      toast.success(t('reports.noteSaved'));
  };

  const remove = async () => {
    const photoIds = photos.map((photo) => photo.id);
    if (!(await confirmAndDeleteReport(userId, report.id, photoIds))) return;
    toast.success(t('reports.deleted'));
    void navigate({ to: '/reports' });
  };

  return (
    <section className="card rp-section no-print">
      <TextAreaField
        label={t('reports.adminNote')}
        rows={3}
        value={note ?? adminNote}
        onChange={(event) => setNote(event.target.value)}
      />
      <div className="rp-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={note === null || note.trim() === adminNote}
          onClick={() => void saveNote()}
        >
          {t('reports.saveNote')}
        </button>
      </div>
      {/* Apart from the note and named in full: beside "Simpan catatan" it read as "clear the note". */}
      <div className="rp-actions rp-danger-actions">
        <button type="button" className="button button-danger" onClick={() => void remove()}>
          {t('reports.deleteReport')}
        </button>
      </div>
    </section>
  );
}
