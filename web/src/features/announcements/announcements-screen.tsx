import { Link } from '@tanstack/react-router';
import { type Announcement } from '@urs/sync-protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.js';
import { Page } from '../../components/ui/page.js';
import { Pager } from '../../components/ui/pager.js';
import { FirstDownloadNotice } from '../../components/ui/first-download.js';
import { useFirstDownload } from '../../sync/index.js';
import { focusContent, focusIsLost } from '../../lib/focus.js';
import { toast } from '../../client/toast.js';
import { useCurrentUser } from '../../client/use-session.js';
import { AnnouncementBody } from './announcement-body.js';
import { useAnnouncementActions } from './announcement-actions.js';
import { useAnnouncementsPage } from './announcement-queries.js';
import './announcements-i18n.js';
import './announcements.css';
import { formatDateTime } from '../../lib/format.js';
import { roleText } from '../../lib/role-text.js';

/** The announcements the user may see, pinned first then newest, ten per page. */
export function AnnouncementsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { markRead } = useAnnouncementActions();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(1);
  const data = useAnnouncementsPage(user, page);
  const download = useFirstDownload(user?.id);

  // "Tandai semua dibaca" goes once nothing is unread, and the browser puts its focus on the
  // body, where Tab starts over from the top of the page: the screen's content takes it.
  const unreadCount = data?.unread.size;
  const markedAll = useRef(false);
  useEffect(() => {
    if (unreadCount !== 0 || !markedAll.current) return;
    markedAll.current = false;
    if (focusIsLost()) focusContent();
  }, [unreadCount]);

  if (user === null) return null;
  const isAdmin = user.role === 'admin';

  const toggle = (announcement: Announcement) => {
    const opening = !open.has(announcement.id);
    setOpen((current) => {
      const next = new Set(current);
      if (opening) next.add(announcement.id);
      else next.delete(announcement.id);
      return next;
    });
    if (opening && data?.unread.has(announcement.id) === true) {
      void markRead(user.id, [announcement.id]);
    }
  };

  const markAll = async () => {
    markedAll.current = true;
    await markRead(user.id, [...(data?.unread ?? [])]);
    toast.success(t('announcements.markedAllRead'));
  };

  return (
    <Page
      title={t('pages.announcements')}
      actions={
        <>
          {(data?.unread.size ?? 0) > 0 && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void markAll()}
            >
              {t('announcements.markAllRead')}
            </button>
          )}
          {isAdmin && (
            <Link to="/announcements/new" className="button button-primary">
              {t('announcements.create')}
            </Link>
          )}
        </>
      }
    >
      {data === undefined || data === null ? (
        <p className="an-empty">{t('announcements.loading')}</p>
      ) : data.total === 0 && download.active ? (
        <FirstDownloadNotice download={download} />
      ) : data.total === 0 ? (
        <p className="an-empty">{t('announcements.empty')}</p>
      ) : (
        <>
          <FirstDownloadNotice download={download} />
          <ul className="an-list" aria-label={t('pages.announcements')}>
            {data.rows.map((a) => (
              <AnnouncementCard
                key={a.id}
                announcement={a}
                author={data.authors.get(a.author_id) ?? t('announcements.unknownAuthor')}
                unread={data.unread.has(a.id)}
                expanded={open.has(a.id)}
                isAdmin={isAdmin}
                onToggle={() => toggle(a)}
              />
            ))}
          </ul>
          {data.pages > 1 && (
            <Pager
              page={data.page}
              lastPage={data.pages}
              total={data.total}
              onPage={setPage}
              label={t('announcements.pager')}
            />
          )}
        </>
      )}
    </Page>
  );
}

function AnnouncementCard({
  announcement: a,
  author,
  unread,
  expanded,
  isAdmin,
  onToggle,
}: {
  announcement: Announcement;
  author: string;
  unread: boolean;
  expanded: boolean;
  isAdmin: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useTranslation();
  const bodyId = `an-body-${a.id}`;
  const edited = a.updated_at !== a.published_at && a.updated_at > a.published_at;
  return (
    <li
      className={`card an-card${unread ? ' an-unread' : ''}${a.priority === 'important' ? ' an-important' : ''}`}
      data-testid="announcement"
      data-announcement-id={a.id}
    >
      <div className="an-head">
        <button
          type="button"
          className="an-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={onToggle}
        >
          <span className="an-title">{a.title}</span>
        </button>
        <span className="an-tags">
          {a.pinned && (
            <span className="an-tag an-tag-pinned" data-testid="pinned">
              <Icon name="pin" size={12} className="an-pin" />
              {t('announcements.pinned')}
            </span>
          )}
          {a.priority === 'important' && (
            <span className="an-tag an-tag-important">{t('announcements.important')}</span>
          )}
          {unread && (
            <span className="an-tag an-tag-unread" data-testid="unread">
              {t('announcements.unread')}
            </span>
          )}
        </span>
      </div>
      <p className="an-meta">
        <span>{t('announcements.by', { name: author })}</span>
        <span>
          {t('announcements.published', { date: formatDateTime(a.published_at, i18n.language) })}
        </span>
        {edited && (
          <span>
            {t('announcements.updated', { date: formatDateTime(a.updated_at, i18n.language) })}
          </span>
        )}
        {isAdmin && (
          <span>
            {a.audience === null
              ? t('announcements.audienceAll')
              : t('announcements.audienceRoles', {
                  roles: a.audience.map((role) => roleText(role)).join(', '),
                })}
          </span>
        )}
      </p>
      {expanded && (
        <div id={bodyId}>
          <AnnouncementBody text={a.body} />
          {isAdmin && (
            <p className="an-actions">
              <Link
                to="/announcements/$id/edit"
                params={{ id: a.id }}
                className="button button-secondary"
              >
                {t('announcements.edit')}
              </Link>
            </p>
          )}
        </div>
      )}
    </li>
  );
}
