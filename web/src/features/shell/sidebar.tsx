import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { type User } from '@urs/sync-protocol';
import { Icon } from '../../components/ui/icon.js';
import { formatUnreadBadge } from '../../client/announcement-poller.js';
import { useAppSession } from '../../client/use-session.js';
import { navLinksFor } from './nav-links.js';
import { schoolLineOf } from './school-line.js';
import { UserAvatar } from '../../components/ui/user-avatar.js';
import { roleText } from '../../lib/role-text.js';

interface SidebarProps {
  user: User;
  /** Unread announcements (useUnreadBadgeCount); null when not known. */
  unread: number | null;
  /** The user's open tasks and how many of them are overdue; undefined while read or not staff. */
  tasks?: { open: number; overdue: number } | undefined;
  id: string;
  /** Hidden from everyone, assistive tech included (closed drawer or hidden wide menu). */
  hidden: boolean;
  onNavigate: () => void;
}

export function Sidebar({ user, unread, tasks, id, hidden, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { logOut } = useAppSession();

  const onLogout = async () => {
    onNavigate();
    if (await logOut()) await navigate({ to: '/login', replace: true });
  };

  return (
    <aside id={id} className="sidebar" aria-label={t('nav.main')} inert={hidden}>
      <div className="sidebar-brand">
        <img className="sidebar-logo" src="/favicon.svg" alt="" width={32} height={32} />
        <div>
          <div className="sidebar-app">{t('app.name')}</div>
          <div className="sidebar-school">{schoolLineOf(user, t)}</div>
        </div>
      </div>

      <div className="sidebar-user">
        <UserAvatar user={user} />
        <div className="sidebar-user-text">
          <div className="sidebar-user-name">{user.name}</div>
          <div className="sidebar-user-role">{roleText(user.role)}</div>
        </div>
      </div>

      <nav className="sidebar-nav">
        <ul>
          {navLinksFor(user.role).map((link) => (
            <li key={link.id}>
              <Link
                to={link.to}
                className="nav-link"
                activeOptions={{ exact: link.exact }}
                activeProps={{ className: 'nav-link is-active', 'aria-current': 'page' }}
                onClick={onNavigate}
                data-nav={link.id}
              >
                <Icon name={link.id} />
                <span className="nav-label">{t(link.label)}</span>
                {link.id === 'announcements' && unread !== null && unread > 0 && (
                  <span className="badge" aria-label={t('nav.unread', { count: unread })}>
                    {formatUnreadBadge(unread)}
                  </span>
                )}
                {link.id === 'tasks' && tasks !== undefined && tasks.open > 0 && (
                  // Red only while some are overdue: a count of work to do is no alarm.
                  <span
                    className={tasks.overdue > 0 ? 'badge' : 'badge badge-calm'}
                    aria-label={t('nav.tasksOpen', { count: tasks.open, overdue: tasks.overdue })}
                    data-testid="tasks-badge"
                  >
                    {formatUnreadBadge(tasks.open)}
                  </span>
                )}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="sidebar-footer">
        {(
          [
            ['/profile', 'profile'],
            ['/settings', 'settings'],
          ] as const
        ).map(([to, name]) => (
          <Link
            key={name}
            to={to}
            className="nav-link"
            activeProps={{ className: 'nav-link is-active', 'aria-current': 'page' }}
            onClick={onNavigate}
          >
            <Icon name={name} />
            <span className="nav-label">{t(`nav.${name}`)}</span>
          </Link>
        ))}
        <button type="button" className="nav-link nav-button" onClick={() => void onLogout()}>
          <Icon name="logout" />
          <span className="nav-label">{t('nav.logout')}</span>
        </button>
      </div>
    </aside>
  );
}
