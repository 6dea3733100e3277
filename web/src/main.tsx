import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'sonner/dist/styles.css';
import './styles.css';
import { App } from './app/app.js';
import { languagePreference, session, themePreference } from './app/session.js';
import { initI18n } from './lib/i18n.js';
import { takePostLoginRedirect } from './lib/navigation.js';
import { registerServiceWorker } from './pwa/register.js';
import { STORAGE_KEYS } from './lib/storage-keys.js';
import { router } from './app/router.js';
import { SSO_CALLBACK_PATH } from './features/auth/sso-redirect.js';
import { preloadOpeningRoute } from './app/route-preload.js';
import { takePrerendered } from './features/auth/prerendered-login.js';
import { dropSignedInFrame } from './features/dashboard/signed-in-frame-id.js';

async function start() {
  preloadOpeningRoute(
    router,
    window.location.pathname,
    localStorage.getItem(STORAGE_KEYS.token) !== null,
  );
  initI18n();
  // Before the first paint, from local storage: the user's own preference follows at bootstrap.
  languagePreference.init();
  themePreference.init();
  registerServiceWorker();

  const container = document.getElementById('root');
  if (container === null) throw new Error('#root is missing from index.html');
  // The entry's own evaluation is one long task; the first render starts in the next one.
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  const root = createRoot(container);
  // The router's guards wait for bootstrap, so rendering need not. As a transition, React
  // renders in slices that give the main thread back between them (a visitor can already type
  // into the login form drawn ahead), not in one task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });

  await session.bootstrap();
  await router.load();
  // login/index.html's form drawn ahead is the login screen's to replace; a visitor sent
  // elsewhere (already signed in) must not keep it above the page they were sent to.
  if (router.state.location.pathname !== '/login') takePrerendered();
  // index.html's signed-in frame is the dashboard's to replace; a visit sent elsewhere (a
  // session the server refused) or a dashboard that could not load must not stay under it.
  const failed = router.state.matches.some((match) => match.status === 'error');
  if (router.state.location.pathname !== '/' || failed) dropSignedInFrame();
  // The SSO callback is the sign-in itself: it restores the kept path once it has signed in
  // (redirectAfterSso). Replacing its route now would drop the provider's code.
  if (router.state.location.pathname !== SSO_CALLBACK_PATH) {
    const kept = takePostLoginRedirect(sessionStorage, STORAGE_KEYS.postLoginRedirect);
    if (kept !== null) router.history.replace(kept);
  }
}

start().catch((err: unknown) => {
  console.error('Gagal inisialisasi aplikasi', err);
});
