export const INVENTORY_TABS = ['items', 'requests'] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number];

/** The tab a `?tab=` search string asks for; anything else is the items tab. */
export function tabFromSearch(searchStr: string): InventoryTab {
  const tab = new URLSearchParams(searchStr).get('tab');
  return INVENTORY_TABS.find((known) => known === tab) ?? 'items';
}
