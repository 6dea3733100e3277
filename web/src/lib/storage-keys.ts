/** Storage keys the spec fixes (section 9), plus the cached user for offline cold starts. */
export const STORAGE_KEYS = {
  token: 'auth_token',
  /** Not in the spec: the last verified user, so an offline start after a login keeps the session. */
  user: 'urs_user',
  theme: 'urs_theme',
  language: 'urs_language',
  postLoginRedirect: 'urs_post_login_redirect',
  /** Not in the spec: the admin's last analytics, for offline; a signed-in user's, like `user`. */
  analyticsSnapshot: 'urs_analytics_snapshot',
} as const;
