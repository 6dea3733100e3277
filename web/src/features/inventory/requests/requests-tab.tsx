import { requestsSearch, requestsViewOf } from '../inventory-search.js';
import { useTabSearch } from '../use-tab-search.js';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../../components/ui/online.js';
import { Pager } from '../../../components/ui/pager.js';
import { ExportButton } from '../../../components/ui/export-button.js';
import { UrlSearchBox } from '../../../components/ui/url-search-box.js';
import { useCurrentUser } from '../../../client/use-session.js';
import { RequestAnalyticsCard } from './analytics/request-analytics.js';
import { RequestDetail } from './detail/request-detail.js';
import { RequestForm } from './form/request-form.js';
import { type RefusedRequest } from './data/refused-request.js';
import { exportRequests } from './data/requests-api.js';
import { useRequestsText } from './requests-i18n.js';
import { type RequestSyncMark } from './data/request-sync-marks.js';
import {
  personName,
  quantityText,
  selectRequests,
  type RequestEntry,
  REQUESTS_PAGE_SIZE,
} from './list/requests-list.js';
import { STATUS_FILTERS, type RequestsView } from './list/requests-search.js';
import { useRequestSyncMarks, useRequestsData } from './data/requests-queries.js';
import { openRefusedRequest } from './data/requests-writes.js';
import './requests.css';
import { formatDay } from '../../../lib/format.js';
import { pageOf } from '../../../lib/paging.js';
import { FirstDownloadNotice } from '../../../components/ui/first-download.js';
import { useFirstDownload } from '../../../sync/index.js';

function RequestRow({
  entry,
  mark,
  self,
  onOpen,
}: {
  entry: RequestEntry;
  mark: RequestSyncMark | undefined;
  self: { id: string; name: string };
  onOpen: () => void;
}) {
  const { i18n } = useTranslation();
  const k = useRequestsText();
  const { request } = entry;
  const requester = personName(request.requester_id, entry.requesterName, self, k('unknownUser'));
  return (
    <li>
      <button
        type="button"
        className="req-row"
        data-request-id={request.id}
        data-status={request.status}
        onClick={onOpen}
      >
        <span className="req-row-head">
          {request.number === null ? (
            <span className="req-number req-number-local">{k('awaitingNumber')}</span>
          ) : (
            <span className="req-number">{request.number}</span>
          )}
          <span className={`req-status req-status-${request.status}`}>
            {k(`statuses.${request.status}`)}
          </span>
          {(mark?.pending.length ?? 0) > 0 && (
            <span className="req-mark req-mark-pending" data-testid="request-unsynced">
              {k('unsynced')}
            </span>
          )}
          {(mark?.refused.length ?? 0) > 0 && (
            <span className="req-mark req-mark-refused">{k('refused')}</span>
          )}
        </span>
        <span className="req-row-item">{entry.itemName ?? k('unknownItem')}</span>
        <span className="req-row-meta">
          <span>
            {k('quantity')}: {quantityText(entry)}
          </span>
          <span>
            {k('requester')}: {requester}
          </span>
          <span>
            {k('neededDate')}:{' '}
            {request.needed_date === null
              ? k('noNeededDate')
              : formatDay(request.needed_date, i18n.language)}
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * Inventory › Requests (spec §2): the device's item requests, live and offline, with status
 * filter, search, paging, the request form, detail with timeline, admin decisions, export and
 * the 30-day analytics.
 */
export function RequestsTab() {
  const k = useRequestsText();
  const user = useCurrentUser();
  const online = useOnline();
  const [view, setView] = useTabSearch(requestsViewOf, requestsSearch);
  const data = useRequestsData();
  const marks = useRequestSyncMarks(user?.id ?? null);
  const download = useFirstDownload(user?.id);

  // A refused request opened in its form to be corrected (the detail's "Perbaiki").
  const [fixing, setFixing] = useState<RefusedRequest | null>(null);
  const openFix = async (entryId: number) => {
    if (user === null) return;
    const refused = await openRefusedRequest(user.id, entryId);
    if (refused !== undefined) setFixing(refused);
  };

  if (user === null) return null;

  const entries = data?.entries ?? [];
  const selected = selectRequests(entries, view);
  const page = pageOf(selected, view.page, REQUESTS_PAGE_SIZE);
  const detailEntry =
    view.request === null
      ? null
      : (entries.find((entry) => entry.request.id === view.request) ?? null);

  return (
    <div className="req-tab">
      <RequestAnalyticsCard entries={data?.entries} download={download} />

      <RequestFilters
        view={view}
        setView={setView}
        online={online}
        onCreate={() => setView({ ...view, creating: true })}
      />

      <section className="req-results" aria-label={k('list')}>
        {page.rows.length === 0 && data !== undefined && download.active ? (
          <FirstDownloadNotice download={download} />
        ) : page.rows.length === 0 ? (
          <p className="card muted req-empty" role="status">
            {data === undefined
              ? k('loading')
              : entries.length === 0
                ? k('empty')
                : k('emptyFiltered')}
          </p>
        ) : (
          <>
            <FirstDownloadNotice download={download} />
            <ul className="req-list" data-testid="request-list">
              {page.rows.map((entry) => (
                <RequestRow
                  key={entry.request.id}
                  entry={entry}
                  mark={marks.get(entry.request.id)}
                  self={user}
                  onOpen={() => setView({ ...view, request: entry.request.id })}
                />
              ))}
            </ul>
          </>
        )}
        {page.total > 0 && (
          <Pager
            page={page.page}
            lastPage={page.pages}
            total={page.total}
            label={k('pager')}
            onPage={(next) => setView({ ...view, page: next })}
          />
        )}
      </section>

      {(view.creating || fixing !== null) && (
        <RequestForm
          key={fixing?.entryId ?? 'new'}
          userId={user.id}
          items={data?.items ?? []}
          refused={fixing ?? undefined}
          onClose={() =>
            fixing === null ? setView({ ...view, creating: false }) : setFixing(null)
          }
          onCreated={(row) => {
            setFixing(null);
            setView({ ...view, creating: false, request: row.id });
          }}
        />
      )}

      {view.request !== null && !view.creating && fixing === null && (
        <RequestDetail
          key={view.request}
          entry={detailEntry}
          loading={data === undefined}
          mark={marks.get(view.request)}
          user={user}
          online={online}
          onClose={() => setView({ ...view, request: null })}
          onFix={(entryId) => void openFix(entryId)}
        />
      )}
    </div>
  );
}

/** Status chips, the search, a new request and the export, above the list. */
function RequestFilters({
  view,
  setView,
  online,
  onCreate,
}: {
  view: RequestsView;
  setView: (next: RequestsView, replace?: boolean) => void;
  online: boolean;
  onCreate: () => void;
}) {
  const k = useRequestsText();
  const hintId = useId();
  return (
    <section className="card req-panel" aria-label={k('filters')}>
      <div className="req-chips" role="group" aria-label={k('statusFilter')}>
        {STATUS_FILTERS.map((status) => (
          <button
            key={status}
            type="button"
            className="req-chip"
            aria-pressed={view.status === status}
            data-status={status}
            onClick={() => setView({ ...view, status, page: 1 })}
          >
            {status === 'all' ? k('statusAll') : k(`statuses.${status}`)}
          </button>
        ))}
      </div>
      <div className="req-toolbar">
        <UrlSearchBox
          q={view.q}
          onSearch={(q) => setView({ ...view, q, page: 1 }, true)}
          label={k('search')}
          placeholder={k('searchPlaceholder')}
          className="req-search"
          maxLength={100}
        />
        <div className="req-actions">
          <button type="button" className="button button-primary" onClick={onCreate}>
            {k('newRequest')}
          </button>
          <ExportButton
            download={() => exportRequests(view)}
            online={online}
            hintId={hintId}
            text={k}
          />
        </div>
      </div>
      {!online && (
        <p id={hintId} className="field-hint">
          {k('exportOffline')}
        </p>
      )}
    </section>
  );
}
