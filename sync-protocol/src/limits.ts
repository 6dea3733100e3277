/** Limits the spec fixes (section 9); both ends check them. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Photos of one kind (before or after) on one report. */
export const MAX_PHOTOS_PER_KIND = 10;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];
export const MIN_PASSWORD_LENGTH = 8;
/**
 * The most one stock transaction, opening stock, minimum stock or request may count, either
 * way (an adjustment may lower the stock by as much). The spec sets no limit; this one is far
 * above a school's stores, and keeps every item's stock an exact integer: without it three
 * usages of 2^53 made a stock no longer the sum of its history, and a thousand overflowed the
 * 64-bit column, after which every read of the item failed for everyone.
 */
export const MAX_QUANTITY = 1_000_000;
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/**
 * Longest text each field takes, in characters. The schemas enforce them; forms read them for
 * their inputs' maxLength instead of restating a number.
 */
export const TEXT_LIMITS = {
  personName: 120,
  email: 190,
  phone: 32,
  password: 200,
  referenceName: 120,
  referenceDescription: 1000,
  reportDescription: 5000,
  adminNote: 2000,
  comment: 2000,
  /** What someone without an account writes on an area's poster form (decision 029). */
  posterProblem: 2000,
  /** Their optional way to be reached: a phone number, an email, a class. */
  posterContact: 120,
  itemName: 160,
  sku: 64,
  unit: 32,
  itemDescription: 2000,
  stockNotes: 1000,
  requestName: 160,
  storeLink: 1000,
  requestNotes: 2000,
  announcementTitle: 200,
  announcementBody: 10_000,
  roundTitle: 160,
  roundItemLabel: 200,
  /** A text answer to a checklist item: a reading, a short remark. */
  roundAnswer: 500,
  roundNote: 2000,
} as const;

/**
 * Text both engines can store: PostgreSQL's `text` refuses NUL (U+0000), which SQLite keeps. A
 * pasted NUL would otherwise fail a whole push batch on PostgreSQL, and again on every retry.
 */
// eslint-disable-next-line no-control-regex -- NUL is the one character this pattern is about
export const STORABLE_TEXT = /^[^\u0000]*$/;
