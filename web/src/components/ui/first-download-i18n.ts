import { registerTexts } from '../../lib/i18n.js';
import { splitTextPairs } from '../../lib/text-pairs.js';

/** What a screen says while the device's first download runs (issue 45). */
registerTexts(
  splitTextPairs({
    firstDownload: {
      title: ['Data sedang diunduh...', 'Data is downloading...'],
      progress: [
        'Data sedang diunduh... {{applied}} dari {{total}}',
        'Data is downloading... {{applied}} of {{total}}',
      ],
      offline: [
        'Unduhan berlanjut saat perangkat kembali daring.',
        'The download goes on when the device is back online.',
      ],
      notYet: [
        'Yang belum tampil mungkin masih dalam perjalanan.',
        'What is not shown yet may still be on its way.',
      ],
      stillArriving: ['masih diunduh', 'still arriving'],
      stillArrivingLong: [
        'Belum final: data masih diunduh ke perangkat ini.',
        'Not final: data is still downloading to this device.',
      ],
    },
  }),
);
