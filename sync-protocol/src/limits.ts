/** Limits the spec fixes (section 9); both ends check them. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type AllowedImageType = (typeof ALLOWED_IMAGE_TYPES)[number];
export const MIN_PASSWORD_LENGTH = 8;
export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;
