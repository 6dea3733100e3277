import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PosterSheet } from '@urs/sync-protocol';
import { failureText } from '../../client/admin-kit.js';
import { confirmDialog } from '../../client/dialog.js';
import { toast } from '../../client/toast.js';
import { CheckField } from '../../components/ui/check-field.js';
import { OfflineNotice, useOnline } from '../../components/ui/online.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { loadPosterSheet, renewPosterToken, savePosterReports } from './areas-api.js';
import { posterQrDataUrl, posterUrl } from './qr.js';

interface Poster {
  id: string;
  name: string;
  url: string;
  image: string;
}

interface Posters {
  enabled: boolean;
  schoolName: string;
  posters: Poster[];
}

async function drawPoster(origin: string, id: string, name: string, token: string) {
  return { id, name, url: posterUrl(origin, token), image: await posterQrDataUrl(origin, token) };
}

async function loadPosters(origin: string): Promise<Posters> {
  const sheet: PosterSheet = await loadPosterSheet();
  return {
    enabled: sheet.enabled,
    schoolName: sheet.school_name,
    posters: await Promise.all(
      sheet.posters.map((p) => drawPoster(origin, p.area_id, p.area_name, p.token)),
    ),
  };
}

/**
 * The school's switch for the public problem form behind the posters (decision 029), saved as it
 * is flipped. Not printed.
 */
function PosterFormSwitch({
  enabled,
  onSaved,
}: {
  enabled: boolean;
  onSaved: (enabled: boolean) => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const [saving, setSaving] = useState(false);

  const flip = async (wanted: boolean) => {
    setSaving(true);
    try {
      const saved = await savePosterReports(wanted);
      onSaved(saved);
      toast.success(saved ? t('qr.formOpened') : t('qr.formClosed'));
    } catch (err) {
      toast.error(t('qr.formSaveFailed'), failureText(err, '', t('admin.offline'), online));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card qr-toolbar qr-settings" aria-labelledby="qr-form-title">
      <h2 id="qr-form-title" className="qr-settings-title">
        {t('qr.formTitle')}
      </h2>
      <fieldset className="qr-settings-switch" disabled={saving}>
        <CheckField
          label={t('qr.formSwitch')}
          checked={enabled}
          onChange={(checked) => void flip(checked)}
        />
      </fieldset>
      <p className={enabled ? 'muted' : 'alert alert-info'} role="status">
        {enabled ? t('qr.formOpenText') : t('qr.formClosedText')}
      </p>
    </section>
  );
}

/**
 * One printable poster per active area, its code opening the area's public problem form. While
 * this view is mounted, `html[data-print='qr']` lets the print stylesheet hide the shell
 * (sidebar, top bar, footer) and what is marked `.qr-toolbar`, and break pages.
 */
export function QrPosterView({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const online = useOnline();
  const origin = window.location.origin;
  const loaded = useRemote(`posters|${origin}`, () => loadPosters(origin));
  // What changed here since the sheet was loaded: the switch, and posters given a new token.
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [renewed, setRenewed] = useState<ReadonlyMap<string, Poster>>(new Map());

  useEffect(() => {
    const root = document.documentElement;
    root.dataset['print'] = 'qr';
    return () => {
      delete root.dataset['print'];
    };
  }, []);

  const sheet = loaded.data;
  const list = (sheet?.posters ?? []).map((poster) => renewed.get(poster.id) ?? poster);

  const renew = async (poster: Poster) => {
    const confirmed = await confirmDialog({
      title: t('qr.renewTitle', { name: poster.name }),
      text: t('qr.renewText', { name: poster.name }),
      icon: 'warning',
      danger: true,
      confirmLabel: t('qr.renew'),
      cancelLabel: t('admin.cancel'),
    });
    if (!confirmed) return;
    try {
      const answer = await renewPosterToken(poster.id);
      const drawn = await drawPoster(origin, poster.id, poster.name, answer.token);
      setRenewed((current) => new Map(current).set(poster.id, drawn));
      toast.success(t('qr.renewed', { name: poster.name }));
    } catch (err) {
      toast.error(t('qr.renewFailed'), failureText(err, '', t('admin.offline'), online));
    }
  };

  return (
    <section className="page qr-view" aria-labelledby="qr-title">
      <header className="page-header qr-toolbar">
        <div>
          <h1 id="qr-title" className="page-title">
            {t('qr.title')}
          </h1>
          {sheet !== null && (
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
      {loaded.error !== null && (
        <div className="alert alert-error qr-toolbar" role="alert">
          {failureText(loaded.error, t('qr.failed'), t('admin.offline'), online)}
        </div>
      )}
      {loaded.loading && sheet === null && <p className="muted">{t('admin.loading')}</p>}
      {sheet !== null && (
        <PosterFormSwitch enabled={enabled ?? sheet.enabled} onSaved={setEnabled} />
      )}
      <div className="qr-sheet">
        {list.map((poster) => (
          <article key={poster.id} className="qr-poster" data-area-id={poster.id}>
            <p className="qr-school">{sheet?.schoolName}</p>
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
            <button
              type="button"
              className="button button-secondary button-small qr-toolbar"
              onClick={() => void renew(poster)}
            >
              {t('qr.renew')}
            </button>
          </article>
        ))}
      </div>
    </section>
  );
}
