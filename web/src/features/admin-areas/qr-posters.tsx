import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../client/admin-kit.js';
import { OfflineNotice, useOnline } from '../../components/ui/online.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { listAllActiveAreas } from './areas-api.js';
import { areaQrDataUrl, reportUrlForArea } from './qr.js';

interface Poster {
  id: string;
  name: string;
  url: string;
  image: string;
}

async function loadPosters(origin: string): Promise<Poster[]> {
  const areas = await listAllActiveAreas();
  return Promise.all(
    areas.map(async (area) => ({
      id: area.id,
      name: area.name,
      url: reportUrlForArea(origin, area.id),
      image: await areaQrDataUrl(origin, area.id),
    })),
  );
}

/**
 * One printable poster per active area. While this view is mounted, `html[data-print='qr']`
 * lets the print stylesheet hide the shell (sidebar, top bar, footer) and break pages.
 */
export function QrPosterView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const origin = window.location.origin;
  const posters = useRemote(`posters|${origin}`, () => loadPosters(origin));

  useEffect(() => {
    const root = document.documentElement;
    root.dataset['print'] = 'qr';
    return () => {
      delete root.dataset['print'];
    };
  }, []);

  const list = posters.data ?? [];

  return (
    <section className="page qr-view" aria-labelledby="qr-title">
      <header className="page-header qr-toolbar">
        <div>
          <h1 id="qr-title" className="page-title">
            {t('qr.title')}
          </h1>
          {posters.data !== null && (
            <p className="muted">
              {list.length === 0 ? t('qr.none') : t('qr.count', { count: list.length })}
            </p>
          )}
        </div>
        <div className="page-actions admin-row">
          <button type="button" className="button button-secondary" onClick={onBack} autoFocus>
            {t('qr.back')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={list.length === 0}
            onClick={() => window.print()}
          >
            {t('qr.print')}
          </button>
        </div>
      </header>
      <div className="qr-toolbar">
        <OfflineNotice />
      </div>
      {posters.error !== null && (
        <div className="alert alert-error qr-toolbar" role="alert">
          {failureText(posters.error, t('qr.failed'), t('admin.offline'), online)}
        </div>
      )}
      {posters.loading && posters.data === null && <p className="muted">{t('admin.loading')}</p>}
      <div className="qr-sheet">
        {list.map((poster) => (
          <article key={poster.id} className="qr-poster" data-area-id={poster.id}>
            <p className="qr-school">{t('qr.school')}</p>
            <h2 className="qr-area">{poster.name}</h2>
            <img
              className="qr-image"
              src={poster.image}
              alt={t('qr.image', { name: poster.name })}
              width={320}
              height={320}
            />
            <p className="qr-instruction">{t('qr.instruction')}</p>
            <p className="qr-url">{poster.url}</p>
          </article>
        ))}
      </div>
    </section>
  );
}
