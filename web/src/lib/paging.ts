/** One page of a list held on the device, the same shape a server page's meta gives. */
export interface ListPage<T> {
  rows: T[];
  /** The page shown: the one asked for, clamped to what exists. */
  page: number;
  /** How many pages there are; at least 1, so an empty list still has its first page. */
  pages: number;
  total: number;
}

/** The page of `total` rows to show, `size` a page: out of range (or not a number), the nearest. */
export function pageWithin(page: number, total: number, size: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  const wanted = Number.isFinite(page) ? Math.floor(page) : 1;
  return { page: Math.min(Math.max(1, wanted), pages), pages };
}

/** Cuts one page out of a list; a page out of range (or not a number) shows the nearest one. */
export function pageOf<T>(list: readonly T[], page: number, size: number): ListPage<T> {
  const { page: current, pages } = pageWithin(page, list.length, size);
  return {
    rows: list.slice((current - 1) * size, current * size),
    page: current,
    pages,
    total: list.length,
  };
}
