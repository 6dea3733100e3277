/*
 * The role x route matrix. Every route the app registers must be listed here with who may
 * call it; a new route missing from this table fails the first test, so access is always
 * decided on purpose. Kept here, apart from app.test.ts, so other sweeps over every route (the
 * cross-school one: routes/cross-school.test.ts) read the same list.
 */
/*
 * 'account': every signed-in account, the district administrator (no school) included: what a
 * signed-in client needs to run. 'signed-in': every school role, not the district admin.
 * 'admin': a school's admin. 'district': the district administrator only.
 */
export type Access = 'public' | 'account' | 'signed-in' | 'admin' | 'district';
export const ACCESS: Record<string, Access> = {
  'GET /api/health': 'public',
  'POST /api/login': 'public',
  'POST /api/register': 'public',
  'GET /api/avatars/:sha256': 'public',
  'GET /*': 'public', // the PWA's files and its client-side routes
  'GET /api/user': 'account',
  'POST /api/logout': 'account',
  'POST /api/profile': 'account',
  'POST /api/profile/password': 'account',
  'POST /api/profile/preferences': 'account',
  'GET /api/areas': 'signed-in',
  'GET /api/areas/:id': 'signed-in',
  'POST /api/areas': 'admin',
  'PUT /api/areas/:id': 'admin',
  'PATCH /api/areas/:id': 'admin',
  'DELETE /api/areas/:id': 'admin',
  'GET /api/categories': 'signed-in',
  'GET /api/categories/:id': 'signed-in',
  'POST /api/categories': 'admin',
  'PUT /api/categories/:id': 'admin',
  'PATCH /api/categories/:id': 'admin',
  'DELETE /api/categories/:id': 'admin',
  'GET /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/:id': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/sync/push': 'account',
  'GET /api/sync/pull': 'account',
  'PUT /api/photos/:id': 'signed-in',
  'GET /api/photos/:id': 'signed-in',
  'GET /api/announcements/unread-count': 'account',
  'GET /api/push/public-key': 'signed-in',
  'POST /api/push/subscriptions': 'signed-in',
  'DELETE /api/push/subscriptions': 'signed-in',
  'GET /api/reports': 'admin',
  'GET /api/reports/by-role': 'admin',
  'GET /api/reports/export': 'admin',
  'GET /api/reports/:id': 'signed-in',
  // Decision 028's job actions: every school role passes the guard, the table decides.
  'PATCH /api/reports/:id/job': 'signed-in',
  'POST /api/reports/:id/status': 'signed-in',
  'POST /api/reports/:id/hand-back': 'signed-in',
  'POST /api/reports/:id/comments': 'signed-in',
  'POST /api/reports/jobs': 'signed-in',
  'GET /api/inventory/summary': 'signed-in',
  'GET /api/inventory/items': 'signed-in',
  'GET /api/inventory/items/:id': 'signed-in',
  'GET /api/inventory/items/:id/transactions': 'signed-in',
  'GET /api/inventory/stock-check': 'admin',
  'GET /api/inventory/flagged-transactions': 'admin',
  'GET /api/inventory/items/export': 'signed-in',
  'GET /api/inventory/requests': 'signed-in',
  'GET /api/inventory/requests/analytics': 'signed-in',
  'GET /api/inventory/requests/export': 'signed-in',
  'GET /api/inventory/requests/:id/image': 'signed-in',
  'GET /api/analytics': 'admin',
  'GET /api/school': 'admin',
  'POST /api/school/registration-code': 'admin',
  'GET /api/auth/sso': 'public',
  'GET /api/auth/microsoft/start': 'public',
  'POST /api/auth/microsoft/callback': 'public',
  'GET /api/district/schools': 'district',
  'POST /api/district/schools': 'district',
  'PATCH /api/district/schools/:id': 'district',
  'GET /api/district/schools/:id/admins': 'district',
  'POST /api/district/schools/:id/admins': 'district',
  'PATCH /api/district/schools/:id/admins/:userId': 'district',
  'DELETE /api/district/schools/:id/admins/:userId': 'district',
  'GET /api/district/overview': 'district',
  'GET /api/district/schools/:id/analytics': 'district',
  'GET /api/posters': 'admin',
  'PATCH /api/posters': 'admin',
  'POST /api/posters/:id/token': 'admin',
  'GET /api/areas/by-poster/:token': 'signed-in',
  'GET /api/public/posters/:token': 'public',
  'POST /api/public/posters/:token/reports': 'public',
  'GET /api/rounds/templates': 'admin',
  'GET /api/rounds/templates/:id': 'admin',
  'POST /api/rounds/templates': 'admin',
  'PUT /api/rounds/templates/:id': 'admin',
  'POST /api/rounds/templates/:id/pause': 'admin',
  'POST /api/rounds/templates/:id/resume': 'admin',
  'DELETE /api/rounds/templates/:id': 'admin',
  'GET /api/rounds/compliance': 'admin',
  'GET /api/rounds/calendar': 'admin',
  'GET /api/rounds/compliance/export': 'admin',
};

/**
 * The public poster form's routes (decision 029): no session, and nothing of a school's data but
 * its name and the area's. Swept by routes/posters/posters.test.ts and cross-school.test.ts.
 */
export const PUBLIC_POSTER_ROUTES = [
  'GET /api/public/posters/:token',
  'POST /api/public/posters/:token/reports',
] as const;
