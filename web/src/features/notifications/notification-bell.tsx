import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.js';
import { formatUnreadBadge } from '../../client/announcement-poller.js';
import { useUnreadNotificationCount } from './notification-queries.js';
import './bell-i18n.js';

/**
 * The top bar's way to the inbox (decision 031), always there for a school's user: its number
 * is the device's own count of unread notifications, so it is right offline and the moment a
 * pull or a read mark lands. No number when all is read.
 */
export function NotificationBell({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const unread = useUnreadNotificationCount(userId) ?? 0;
  return (
    <Link
      to="/notifications"
      className="icon-button topbar-bell"
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label')}
      data-testid="notification-bell"
    >
      <Icon name="bell" />
      {unread > 0 && (
        <span className="badge topbar-unread-badge" aria-hidden="true" data-testid="bell-count">
          {formatUnreadBadge(unread)}
        </span>
      )}
    </Link>
  );
}
