import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.js';
import { formatUnreadBadge } from '../../lib/announcement-poller.js';
import { useUnreadAnnouncements } from '../../lib/use-session.js';

/**
 * The unread announcement count in the top bar, for when the sidebar (and its badge) is out of
 * sight: a phone's closed drawer, or a hidden wide menu. Nothing when all is read.
 */
export function TopbarUnread() {
  const { t } = useTranslation();
  const unread = useUnreadAnnouncements();
  if (unread <= 0) return null;
  return (
    <Link
      to="/announcements"
      className="icon-button topbar-unread"
      aria-label={`${t('nav.announcements')}: ${t('nav.unread', { count: unread })}`}
      data-testid="topbar-unread"
    >
      <Icon name="announcements" />
      <span className="badge topbar-unread-badge" aria-hidden="true">
        {formatUnreadBadge(unread)}
      </span>
    </Link>
  );
}
