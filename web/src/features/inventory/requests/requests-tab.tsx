/** Replaced by the requests tab. */
export function RequestsTab() {
  return null;
}
