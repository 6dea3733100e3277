import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon.js';
import { Page } from '../../components/ui/page.js';
import {
  dropSignedInFrame,
  FRAME_GREETING_ID,
  FRAME_NAME_SLOT,
  SIGNED_IN_FRAME_ID,
} from './signed-in-frame-id.js';

/**
 * What the signed-in dashboard's first frame is made of, drawn at build time into index.html
 * (Indonesian, build/signed-in-markup.tsx): the shell's top bar and sidebar panel, the page's
 * title and the greeting, with the shell's and the dashboard's own class names, so each lands
 * where the live screen puts it. The greeting is the dashboard's largest text (Lighthouse's
 * LCP element). Inert: nothing in it can be used before the live screen replaces it. No
 * router, session or stylesheet import here: this module also runs in Node at build time.
 */
export function SignedInFrame() {
  const { t } = useTranslation();
  return (
    <div id={SIGNED_IN_FRAME_ID} hidden inert>
      <div className="shell" data-layout="narrow" data-sidebar="closed">
        <aside className="sidebar" />
        <div className="shell-main">
          <header className="topbar">
            <span className="icon-button">
              <Icon name="menu" />
            </span>
            <span className="topbar-title">{t('app.name')}</span>
          </header>
          <main className="content">
            <Page title={t('pages.dashboard')}>
              <div className="db-grid">
                <div className="card">
                  <p className="greeting" id={FRAME_GREETING_ID}>
                    {t('dashboard.greeting', { name: FRAME_NAME_SLOT })}
                  </p>
                </div>
              </div>
            </Page>
          </main>
        </div>
      </div>
    </div>
  );
}

/**
 * The live dashboard takes the frame's place in the frame it first paints in: the frame lies
 * over the page (fixed), so the live shell below it is already where the frame showed it, and
 * nothing moves when the frame goes.
 */
export function useTakeSignedInFrame(): void {
  useLayoutEffect(() => dropSignedInFrame(), []);
}
