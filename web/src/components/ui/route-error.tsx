import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A screen's code that could not be fetched, as Chromium, Firefox and Safari word it, and as
 * Vite's preload words a stylesheet's.
 */
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}

/**
 * What a screen shows in place of itself when it fails to load or to draw: the router's own
 * fallback said "Something went wrong!" in English with a "Show Error" button. The usual cause
 * on a phone is a screen's code that cannot be fetched (no signal before the app was ever
 * stored on the device, or a newer version deployed since the page was opened). Drawing again
 * cannot cure that (the failed fetch is remembered until the page reloads), so then the one
 * way on is a reload; any other failure also gets "Coba lagi". In the router's chunk, not a
 * lazy one of its own: it must show when no further code can be fetched.
 */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation();
  const router = useRouter();
  useEffect(() => {
    console.error('[urs] layar gagal ditampilkan', error);
  }, [error]);
  const retry = () => {
    reset();
    void router.invalidate();
  };
  const notFetched = isLoadFailure(error);
  return (
    <section className="page" role="alert" aria-labelledby="route-error-title">
      <header className="page-header">
        <h1 id="route-error-title" className="page-title">
          {t('routeError.title')}
        </h1>
      </header>
      <p>{t(notFetched ? 'routeError.notFetched' : 'routeError.text')}</p>
      <p className="page-actions">
        {!notFetched && (
          <button type="button" className="button button-primary" onClick={retry}>
            {t('routeError.retry')}
          </button>
        )}
        <button
          type="button"
          className={`button ${notFetched ? 'button-primary' : 'button-secondary'}`}
          onClick={() => window.location.reload()}
        >
          {t('routeError.reload')}
        </button>
      </p>
    </section>
  );
}
