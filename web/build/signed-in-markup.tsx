import { renderToString } from 'react-dom/server';
import { initI18n } from '../src/lib/i18n.js';
import { SignedInFrame } from '../src/features/dashboard/signed-in-frame.js';

/** The signed-in dashboard's first frame (Indonesian, hidden until signedInAheadSource shows it). */
export function render(): string {
  initI18n('id');
  return renderToString(<SignedInFrame />);
}
