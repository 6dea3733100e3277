/** Replaced by the items tab. */
export function ItemsTab() {
  return null;
}
