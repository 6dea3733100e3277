import { Link } from '@tanstack/react-router';
import { type Announcement } from '@urs/sync-protocol';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.js';
import { Page } from '../../components/ui/page.js';
import { db } from '../../db/index.js';
import { namesOf } from '../../sync/index.js';
import { toast } from '../../lib/toast.js';
import { useCurrentUser } from '../../lib/use-session.js';
import { AnnouncementBody } from './announcement-body.js';
import { useAnnouncementActions } from './announcement-actions.js';
import { unreadIds, visibleAnnouncements } from './announcements-logic.js';
import './announcements-i18n.js';
import './announcements.css';
import { formatDateTime } from '../../lib/format.js';
import { roleText } from '../../lib/role-text.js';

interface ListData {
  items: Announcement[];
  unread: Set<string>;
  authors: Map<string, string>;
}

export function AnnouncementsScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { markRead } = useAnnouncementActions();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const data = useLiveQuery(async (): Promise<ListData | null> => {
    if (user === null) return null;
    const [all, reads, users] = await Promise.all([
      db.announcements.toArray(),
      db.announcement_reads.toArray(),
      db.users.toArray(),
    ]);
    const items = visibleAnnouncements(all, user.role);
    // An author deleted since still signs their announcements.
    const authors = await namesOf(
      db,
      'users',
      items.map((a) => a.author_id),
    );
    for (const u of users) authors.set(u.id, u.name);
    return { items, unread: unreadIds(items, reads, user.id), authors };
  }, [user?.id, user?.role]);
  const unreadList = useMemo(
    () => (data ? data.items.filter((a) => data.unread.has(a.id)).map((a) => a.id) : []),
    [data],
  );

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
    await markRead(user.id, unreadList);
    toast.success(t('announcements.markedAllRead'));
  };

  return (
    <Page
      title={t('pages.announcements')}
      actions={
        <>
          {unreadList.length > 0 && (
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
      ) : data.items.length === 0 ? (
        <p className="an-empty">{t('announcements.empty')}</p>
      ) : (
        <ul className="an-list" aria-label={t('pages.announcements')}>
          {data.items.map((a) => (
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
