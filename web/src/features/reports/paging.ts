export const MY_REPORTS_PAGE_SIZE = 10;

/** Page count and the clamped page for a list of `total` items. */
export function pageWindow(total: number, page: number, size = MY_REPORTS_PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pages);
  return { pages, current, start: (current - 1) * size, end: current * size };
}
