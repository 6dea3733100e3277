import type { HandlerMap } from './context.js';
import { announcementHandlers } from './announcements.js';
import { inventoryHandlers } from './inventory.js';
import { reportHandlers } from './reports.js';
import { requestHandlers } from './requests.js';

/** Every mutation name has exactly one handler; the type makes a missing one a compile error. */
export const HANDLERS: HandlerMap = {
  ...reportHandlers,
  ...inventoryHandlers,
  ...requestHandlers,
  ...announcementHandlers,
};
