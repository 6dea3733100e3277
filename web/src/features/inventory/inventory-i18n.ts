import { registerTexts } from '../../lib/i18n.js';

/** Strings of the inventory frame; each tab registers its own beside this. */
registerTexts({
  id: { inventory: { tabs: { items: 'Barang', requests: 'Permintaan' } } },
  en: { inventory: { tabs: { items: 'Items', requests: 'Requests' } } },
});
