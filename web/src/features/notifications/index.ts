/** The notifications feature's public surface: the shell's bell. The inbox loads as a route. */
export { NotificationBell } from './notification-bell.js';
