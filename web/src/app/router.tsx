import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
  type ParsedLocation,
} from '@tanstack/react-router';
import {
  DISTRICT_ADMIN,
  isRole,
  ROLES,
  STAFF_ROLES,
  type AccountRole,
  type Role,
} from '@urs/sync-protocol';
import { session } from './services.js';
import { decideNavigation, type RouteAccess } from '../lib/navigation.js';
import { parseSearch, stringifySearch } from '../lib/search-params.js';
import { RouteError } from '../components/ui/route-error.js';
import { announcementParamsSchema } from '../features/announcements/announcement-routes.js';
import { schoolParamsSchema } from '../features/district/district-routes.js';
import { loginSearchSchema, registerSearchSchema } from '../features/auth/login-search.js';
import { inventorySearchSchema } from '../features/inventory/inventory-search.js';
import { reportListSearchSchema } from '../features/reports/list/report-list-search.js';
import {
  reportCreateSearchSchema,
  reportParamsSchema,
  roundParamsSchema,
} from '../features/reports/report-routes.js';
import { jobsSearchSchema } from '../features/reports/jobs/jobs-search.js';
import { areaOfScannedPoster } from '../features/public-report/staff-bridge.js';

const ADMIN: readonly Role[] = ['admin'];
const DISTRICT: readonly AccountRole[] = [DISTRICT_ADMIN];
/** Any signed-in account, the district administrator's too. */
const LOGGED_IN: RouteAccess = { kind: 'auth' };
/** The spec's "any logged-in user" for a school's screens: not the district administrator. */
const IN_SCHOOL: RouteAccess = { kind: 'school' };
const GUEST: RouteAccess = { kind: 'guest' };
const roles = (list: readonly AccountRole[]): RouteAccess => ({ kind: 'auth', roles: list });

/** The guard of spec section 2, run before a route loads; waits for session bootstrap first. */
function guard(access: RouteAccess) {
  return async ({ location }: { location: ParsedLocation }) => {
    await session.ready();
    const current = session.getState().session;
    const decision = decideNavigation({
      access,
      session: current === null ? null : { role: current.user.role },
      path: location.href,
    });
    if (decision.action === 'allow') return;
    if (decision.to === '/login') {
      redirect({
        throw: true,
        to: '/login',
        search: decision.redirect === undefined ? {} : { redirect: decision.redirect },
        replace: true,
      });
      return;
    }
    redirect({
      throw: true,
      to: decision.to,
      replace: true,
    });
  };
}

const rootRoute = createRootRoute({ component: Outlet });

/** Every signed-in screen hangs under this pathless route, which draws the shell around it. */
const shellRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_shell',
  component: lazyRouteComponent(() => import('./signed-in-shell.js'), 'SignedInShell'),
});

type Load = Parameters<typeof lazyRouteComponent>[0];

function screen<const TPath extends string>(
  path: TPath,
  access: RouteAccess,
  load: Load,
  name: string,
) {
  return createRoute({
    getParentRoute: () => shellRoute,
    path,
    beforeLoad: guard(access),
    component: lazyRouteComponent(load, name),
  });
}

function guestScreen<const TPath extends string>(path: TPath, load: Load, name: string) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    beforeLoad: guard(GUEST),
    component: lazyRouteComponent(load, name),
  });
}

const shellScreens = [
  screen(
    '/',
    IN_SCHOOL,
    () => import('../features/dashboard/dashboard-screen.js'),
    'DashboardScreen',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/reports',
    validateSearch: reportListSearchSchema,
    beforeLoad: guard(roles(ADMIN)),
    component: lazyRouteComponent(
      () => import('../features/reports/list/report-list-screen.js'),
      'ReportListScreen',
    ),
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/reports/create',
    validateSearch: reportCreateSearchSchema,
    beforeLoad: guard(roles(ROLES)),
    component: lazyRouteComponent(
      () => import('../features/reports/form/report-create-screen.js'),
      'ReportCreateScreen',
    ),
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/reports/$id',
    params: { parse: (raw) => reportParamsSchema.parse(raw) },
    beforeLoad: guard(IN_SCHOOL),
    component: lazyRouteComponent(
      () => import('../features/reports/detail/report-detail-screen.js'),
      'ReportDetailScreen',
    ),
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/reports/$id/edit',
    params: { parse: (raw) => reportParamsSchema.parse(raw) },
    beforeLoad: guard(roles(ROLES)),
    component: lazyRouteComponent(
      () => import('../features/reports/form/report-edit-screen.js'),
      'ReportEditScreen',
    ),
  }),
  screen(
    '/tasks',
    roles(STAFF_ROLES),
    () => import('../features/reports/jobs/tasks-screen.js'),
    'TasksScreen',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/tasks/rounds/$templateId/$date',
    params: { parse: (raw) => roundParamsSchema.parse(raw) },
    beforeLoad: guard(roles(ROLES)),
    component: lazyRouteComponent(
      () => import('../features/reports/rounds/round-screen.js'),
      'RoundScreen',
    ),
  }),
  screen(
    '/admin/rounds',
    roles(ADMIN),
    () => import('../features/reports/rounds/admin/rounds-admin-screen.js'),
    'RoundsAdminScreen',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/jobs',
    validateSearch: jobsSearchSchema,
    beforeLoad: guard(roles(ADMIN)),
    component: lazyRouteComponent(
      () => import('../features/reports/jobs/jobs-board-screen.js'),
      'JobsBoardScreen',
    ),
  }),
  screen(
    '/user/reports',
    roles(STAFF_ROLES),
    () => import('../features/reports/mine/my-reports-screen.js'),
    'MyReportsScreen',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/inventory',
    validateSearch: inventorySearchSchema,
    beforeLoad: guard(roles(ROLES)),
    component: lazyRouteComponent(
      () => import('../features/inventory/inventory-screen.js'),
      'InventoryScreen',
    ),
  }),
  screen(
    '/profile',
    LOGGED_IN,
    () => import('../features/profile/profile-screen.js'),
    'ProfileScreen',
  ),
  screen(
    '/settings',
    LOGGED_IN,
    () => import('../features/settings/settings-screen.js'),
    'SettingsScreen',
  ),
  screen(
    '/announcements',
    IN_SCHOOL,
    () => import('../features/announcements/announcements-screen.js'),
    'AnnouncementsScreen',
  ),
  screen(
    '/notifications',
    IN_SCHOOL,
    () => import('../features/notifications/notifications-screen.js'),
    'NotificationsScreen',
  ),
  screen(
    '/announcements/new',
    roles(ADMIN),
    () => import('../features/announcements/announcement-composer-screen.js'),
    'AnnouncementNewScreen',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/announcements/$id/edit',
    params: { parse: (raw) => announcementParamsSchema.parse(raw) },
    beforeLoad: guard(roles(ADMIN)),
    component: lazyRouteComponent(
      () => import('../features/announcements/announcement-composer-screen.js'),
      'AnnouncementEditScreen',
    ),
  }),
  screen(
    '/analytics',
    roles(ADMIN),
    () => import('../features/analytics/analytics-screen.js'),
    'AnalyticsScreen',
  ),
  screen(
    '/admin/areas',
    roles(ADMIN),
    () => import('../features/admin-areas/areas-screen.js'),
    'AreasScreen',
  ),
  screen(
    '/admin/users',
    roles(ADMIN),
    () => import('../features/admin-users/users-screen.js'),
    'UsersScreen',
  ),
  screen(
    '/district',
    roles(DISTRICT),
    () => import('../features/district/district-overview-screen.js'),
    'DistrictOverviewScreen',
  ),
  screen(
    '/district/schools',
    roles(DISTRICT),
    () => import('../features/district/schools-screen.js'),
    'SchoolsScreen',
  ),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/district/schools/$id',
    params: { parse: (raw) => schoolParamsSchema.parse(raw) },
    beforeLoad: guard(roles(DISTRICT)),
    component: lazyRouteComponent(
      () => import('../features/district/school-screen.js'),
      'SchoolScreen',
    ),
  }),
  createRoute({
    getParentRoute: () => shellRoute,
    path: '/district/schools/$id/analytics',
    params: { parse: (raw) => schoolParamsSchema.parse(raw) },
    beforeLoad: guard(roles(DISTRICT)),
    component: lazyRouteComponent(
      () => import('../features/district/school-analytics-screen.js'),
      'SchoolAnalyticsScreen',
    ),
  }),
];

const dashboardAlias = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
  beforeLoad: () => {
    redirect({
      throw: true,
      to: '/',
      replace: true,
    });
  },
});

/**
 * The public form behind an area's QR poster (decision 029): anyone may open it, signed in or not.
 * A member of the poster's school is taken to the app's own report form for that area instead,
 * as the poster's code did before it had a public form.
 */
const posterScreen = createRoute({
  getParentRoute: () => rootRoute,
  path: '/lapor/$token',
  beforeLoad: async ({ params }) => {
    await session.ready();
    const current = session.getState().session;
    if (current === null || !isRole(current.user.role)) return;
    const area = await areaOfScannedPoster(params.token);
    if (area !== null)
      redirect({ throw: true, to: '/reports/create', search: { area }, replace: true });
  },
  component: lazyRouteComponent(
    () => import('../features/public-report/public-report-screen.js'),
    'PublicReportScreen',
  ),
});

const guestScreens = [
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/login',
    validateSearch: loginSearchSchema,
    beforeLoad: guard(GUEST),
    component: lazyRouteComponent(() => import('../features/auth/login-screen.js'), 'LoginScreen'),
  }),
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/register',
    validateSearch: registerSearchSchema,
    beforeLoad: guard(GUEST),
    component: lazyRouteComponent(
      () => import('../features/auth/register-screen.js'),
      'RegisterScreen',
    ),
  }),
  guestScreen(
    '/auth/microsoft/callback',
    () => import('../features/auth/sso-callback-screen.js'),
    'SsoCallbackScreen',
  ),
  // The router matches with or without the trailing slash, so this one route serves both paths.
  createRoute({
    getParentRoute: () => rootRoute,
    path: '/admin/admingantenglogin',
    validateSearch: loginSearchSchema,
    beforeLoad: guard(GUEST),
    component: lazyRouteComponent(
      () => import('../features/auth/login-screen.js'),
      'AdminLoginScreen',
    ),
  }),
  // Any other path: the not-found page carries the guests-only flag, so a signed-in user on a
  // stale link lands on the dashboard instead of a dead end.
  guestScreen('$', () => import('../features/not-found/not-found-screen.js'), 'NotFoundScreen'),
];

const routeTree = rootRoute.addChildren([
  shellRoute.addChildren(shellScreens),
  dashboardAlias,
  posterScreen,
  ...guestScreens,
]);

/**
 * The app's router, made by `main.tsx` once (a function, not a module constant: building the
 * router, its history and its route index is a task of its own, apart from the entry's
 * evaluation, which Lighthouse would otherwise count as one long task after the first paint).
 */
export function createAppRouter() {
  return createRouter({
    routeTree,
    defaultPreload: false,
    parseSearch,
    stringifySearch,
    // A screen that fails to load or to draw says so in the app's language, with a way on.
    defaultErrorComponent: RouteError,
    // Unknown paths under a known prefix (e.g. /reports/1/x) also reach the not-found screen.
    defaultNotFoundComponent: lazyRouteComponent(
      () => import('../features/not-found/not-found-screen.js'),
      'NotFoundScreen',
    ),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
