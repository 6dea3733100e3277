import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.js';
import { formatUnreadBadge } from '../../client/announcement-poller.js';

/**
 * The unread announcement count in the top bar, for when the sidebar (and its badge) is out of
 * sight: a phone's closed drawer, or a hidden wide menu. Nothing when all is read; while the
 * count is not known (offline since the page loaded, nothing kept) the link stays, without a
 * number, since the list works offline.
 */
export function TopbarUnread({ unread }: { unread: number | null }) {
  const { t } = useTranslation();
  if (unread === 0) return null;
  return (
    <Link
      to="/announcements"
      className="icon-button topbar-unread"
      aria-label={
        unread === null
          ? t('nav.announcements')
          : `${t('nav.announcements')}: ${t('nav.unread', { count: unread })}`
      }
      data-testid="topbar-unread"
    >
      <Icon name="announcements" />
      {unread !== null && (
        <span className="badge topbar-unread-badge" aria-hidden="true">
          {formatUnreadBadge(unread)}
        </span>
      )}
    </Link>
  );
}
