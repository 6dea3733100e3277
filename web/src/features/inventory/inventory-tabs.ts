export const INVENTORY_TABS = ['items', 'requests'] as const;
export type InventoryTab = (typeof INVENTORY_TABS)[number];
