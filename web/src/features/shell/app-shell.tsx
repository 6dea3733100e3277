import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STAFF_ROLES } from '@urs/sync-protocol';
import { Icon } from '../../components/ui/icon.js';
import { useTaskCounts } from '../reports/index.js';
import { NotificationBell } from '../notifications/index.js';
import { focusContent, focusIsLost } from '../../lib/focus.js';
import { syncsFieldData } from '../../lib/district.js';
import { decideNavigation } from '../../lib/navigation.js';
import { useAppSession, useCurrentUser, useSession } from '../../client/use-session.js';
import { InstallButton, UpdatePrompt, useWorkerMessages } from '../../pwa/index.js';
import { useSyncEngine, useSyncStatus } from '../../sync/index.js';
import { LocalDataGate } from './local-data-gate.js';
import { schoolLineOf } from './school-line.js';
import { Sidebar } from './sidebar.js';
import { SyncIndicator } from './sync-indicator.js';
import './shell-i18n.js';
import { TopbarUnread } from './topbar-unread.js';
import { useUnreadBadgeCount } from './unread-badge.js';
import { useMediaQuery, WIDE_SCREEN_QUERY } from './use-media-query.js';

const SIDEBAR_ID = 'app-sidebar';

function sidebarHasFocus(): boolean {
  const focused = document.activeElement;
  return focused !== null && focused.closest(`#${SIDEBAR_ID}`) !== null;
}

/** Sidebar, top bar and footer around every signed-in screen. */
export function AppShell() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'id';
  const user = useCurrentUser();
  const unread = useUnreadBadgeCount(user?.id ?? null);
  const isStaff = STAFF_ROLES.some((role) => role === user?.role);
  const tasks = useTaskCounts(isStaff ? user : null);
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const [wideOpen, setWideOpen] = useState(true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const navigate = useNavigate();
  const engine = useSyncEngine();
  useWorkerMessages({
    onOpenPath: (href) => void navigate({ href }),
    onPushArrived: () => {
      engine.syncOnce({ force: true }).catch((err: unknown) => {
        console.error('Sinkronisasi gagal', err);
      });
    },
  });

  // Any navigation closes the drawer, including back/forward and programmatic ones, and so does
  // a widening to the fixed sidebar (a tablet turned): narrow again, it starts closed.
  useEffect(() => setDrawerOpen(false), [pathname, wide]);

  // A page change made by code (a form's Batal, a dialog's answer, a save) takes away the
  // element that had focus, and the browser puts it on the body: a keyboard or screen reader
  // user would start over from the top of the page. The new page's content takes it instead,
  // once the router has drawn it; focus a screen placed itself (a form's first field) stays.
  const shownPath = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const lastShown = useRef(shownPath);
  useEffect(() => {
    if (shownPath === lastShown.current) return;
    lastShown.current = shownPath;
    if (focusIsLost()) focusContent();
  }, [shownPath]);

  // The open drawer is modal: focus moves into it, the page behind neither scrolls nor takes
  // focus (inert below), and Escape closes it with focus back on the menu button.
  useEffect(() => {
    if (wide || !drawerOpen) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog opened over the drawer closes that dialog, not the drawer under it.
      if (event.key !== 'Escape' || document.querySelector('dialog[open]') !== null) return;
      setDrawerOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    const root = document.documentElement;
    root.classList.add('drawer-open');
    document.getElementById(SIDEBAR_ID)?.querySelector<HTMLElement>('a[href], button')?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      root.classList.remove('drawer-open');
      // Closed by a link or the overlay, the focus was on something now hidden: the page's
      // content takes it (after a navigation, the new screen's).
      if (focusIsLost() || sidebarHasFocus()) focusContent();
    };
  }, [wide, drawerOpen]);

  if (user === null) return <SessionEnded />;
  const fieldData = syncsFieldData(user.role);
  const sidebarVisible = wide ? wideOpen : drawerOpen;
  const behindDrawer = !wide && drawerOpen;
  const toggle = () => (wide ? setWideOpen((open) => !open) : setDrawerOpen((open) => !open));

  return (
    <div
      className="shell"
      data-layout={wide ? 'wide' : 'narrow'}
      data-sidebar={sidebarVisible ? 'open' : 'closed'}
    >
      <a className="skip-link" href="#main" inert={behindDrawer}>
        {t('shell.skipToContent')}
      </a>
      <Sidebar
        user={user}
        unread={unread}
        tasks={isStaff ? tasks : undefined}
        id={SIDEBAR_ID}
        hidden={!sidebarVisible}
        onNavigate={() => setDrawerOpen(false)}
      />
      {!wide && drawerOpen && (
        <div
          className="overlay"
          data-testid="drawer-overlay"
          aria-hidden="true"
          onClick={() => setDrawerOpen(false)}
        />
      )}
      <div className="shell-main">
        <header className="topbar">
          <button
            ref={menuButton}
            type="button"
            className="icon-button"
            aria-controls={SIDEBAR_ID}
            aria-expanded={sidebarVisible}
            aria-label={
              wide ? t('shell.toggleMenu') : drawerOpen ? t('shell.closeMenu') : t('shell.openMenu')
            }
            onClick={toggle}
            data-testid="menu-toggle"
          >
            <Icon name={!wide && drawerOpen ? 'close' : 'menu'} />
          </button>
          <span className="topbar-title">{t('app.name')}</span>
          <div className="topbar-end" inert={behindDrawer}>
            <InstallButton className="button button-small button-secondary" language={language} />
            {/* The district administrator's device holds no school's data: no announcements
                to count, nothing to sync. */}
            {fieldData && !sidebarVisible && <TopbarUnread unread={unread} />}
            {fieldData && <NotificationBell userId={user.id} />}
            {fieldData && <SyncIndicator userId={user.id} />}
          </div>
        </header>
        <div className="shell-page" inert={behindDrawer}>
          <UpdatePrompt inline language={language} />
          <SessionPausedBanner userId={user.id} />
          <main id="main" className="content" tabIndex={-1}>
            <LocalDataGate userId={user.id}>
              <Outlet />
            </LocalDataGate>
          </main>
          <footer className="footer">{schoolLineOf(user, t)}</footer>
        </div>
      </div>
    </div>
  );
}

/**
 * The session ended while a signed-in screen was open: another tab signed out, or the server
 * refused it after a start from the kept user. The guard runs only on a navigation, so the
 * shell makes one: to login, with this page as the redirect as the guard would give it (none
 * after this tab's own sign-out, which goes to a plain login page).
 */
function SessionEnded() {
  const navigate = useNavigate();
  const state = useSession();
  const href = useRouterState({ select: (router) => router.location.href });
  const ended = state.status === 'ready' ? state.ended : undefined;
  // Once: the shell stays drawn while the login route loads, and the address it reads by then
  // is the login page's own.
  const sent = useRef(false);
  useEffect(() => {
    if (ended === undefined || sent.current) return;
    sent.current = true;
    const decision = decideNavigation({ access: { kind: 'auth' }, session: null, path: href });
    const redirect = ended === 'ended' && 'redirect' in decision ? decision.redirect : undefined;
    void navigate({
      to: '/login',
      search: redirect === undefined ? {} : { redirect },
      replace: true,
    });
  }, [ended, href, navigate]);
  return null;
}

/**
 * The server refused the token during a sync (revoked elsewhere, expired). The queue is kept;
 * signing in again as the same user resumes it.
 */
function SessionPausedBanner({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useAppSession();
  const { paused } = useSyncStatus(useSyncEngine(), userId);
  const href = useRouterState({ select: (state) => state.location.href });
  if (!paused) return null;
  return (
    <div className="banner banner-warning" role="alert">
      <span>{t('sync.pausedBanner')}</span>
      <button
        type="button"
        className="button button-small button-primary"
        onClick={() => {
          session.clear();
          void navigate({
            to: '/login',
            search: href === '/' ? {} : { redirect: href },
            replace: true,
          });
        }}
      >
        {t('sync.signInAgain')}
      </button>
    </div>
  );
}
