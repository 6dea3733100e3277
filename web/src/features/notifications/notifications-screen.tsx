import { useNavigate } from '@tanstack/react-router';
import { notificationText, type InboxNotification, type Language } from '@urs/sync-protocol';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { toast } from '../../client/toast.js';
import { useCurrentUser } from '../../client/use-session.js';
import { formatDateTime } from '../../lib/format.js';
import { inboxPath } from '../../sync/index.js';
import { useInbox } from './notification-queries.js';
import { markAllNotificationsRead, markNotificationRead } from './notification-writes.js';
import { NotificationPrefsCard } from './notification-prefs.js';
import { PushSetup } from './push-setup.js';
import './notifications-i18n.js';
import './notifications.css';

/**
 * The user's inbox (decision 031): every notification the device holds, newest first, read
 * from IndexedDB so it is the same offline. A row opens what it is about and is marked read.
 */
export function NotificationsScreen() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const rows = useInbox(user?.id ?? null);
  const navigate = useNavigate();
  if (user === null) return null;
  const language: Language = i18n.language === 'en' ? 'en' : 'id';
  const unread = rows?.filter((row) => row.read_at === null).length ?? 0;

  const open = (row: InboxNotification) => {
    markNotificationRead(user.id, row).catch((err: unknown) => {
      toast.error(t('inbox.markFailed'), err instanceof Error ? err.message : String(err));
    });
    void navigate({ href: inboxPath(row) });
  };

  const markAll = async () => {
    try {
      await markAllNotificationsRead(user.id, rows ?? []);
      toast.success(t('inbox.markedAllRead'));
    } catch (err) {
      toast.error(t('inbox.markFailed'), err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <Page
      title={t('inbox.title')}
      actions={
        unread > 0 ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void markAll()}
            data-testid="mark-all-read"
          >
            {t('inbox.markAllRead')}
          </button>
        ) : undefined
      }
    >
      {rows === undefined ? (
        <p className="nt-empty">{t('inbox.loading')}</p>
      ) : rows.length === 0 ? (
        <p className="nt-empty card" data-testid="inbox-empty">
          {t('inbox.empty')}
        </p>
      ) : (
        <ul className="nt-list" aria-label={t('inbox.list')}>
          {rows.map((row) => (
            <InboxRow key={row.id} row={row} language={language} onOpen={() => open(row)} />
          ))}
        </ul>
      )}
      <NotificationPrefsCard userId={user.id}>
        <PushSetup userId={user.id} />
      </NotificationPrefsCard>
    </Page>
  );
}

function InboxRow({
  row,
  language,
  onOpen,
}: {
  row: InboxNotification;
  language: Language;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { title, body } = notificationText(row, language);
  const unread = row.read_at === null;
  return (
    <li
      className={`nt-row${unread ? ' nt-unread' : ''}`}
      data-testid="notification"
      data-notification-id={row.id}
      data-unread={unread}
    >
      <a
        href={inboxPath(row)}
        className="nt-link"
        onClick={(event) => {
          // A plain press opens it in the app (and marks it read); a modified one is the browser's.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen();
        }}
      >
        <span className="nt-head">
          <span className="nt-title">{title}</span>
          {row.priority === 'urgent' && (
            <span className="nt-tag nt-urgent">{t('inbox.urgent')}</span>
          )}
          {unread && <span className="nt-tag nt-tag-unread">{t('inbox.unread')}</span>}
        </span>
        {body !== '' && <span className="nt-body">{body}</span>}
        <time className="nt-time" dateTime={row.created_at}>
          {formatDateTime(row.created_at, language)}
        </time>
      </a>
    </li>
  );
}
