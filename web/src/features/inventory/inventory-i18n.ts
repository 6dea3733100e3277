import i18next from 'i18next';

/** Strings of the inventory frame; each tab registers its own beside this. */
i18next.addResourceBundle(
  'id',
  'translation',
  { inventory: { tabs: { items: 'Barang', requests: 'Permintaan' } } },
  true,
  false,
);
i18next.addResourceBundle(
  'en',
  'translation',
  { inventory: { tabs: { items: 'Items', requests: 'Requests' } } },
  true,
  false,
);
