import { getRouteApi, Link } from '@tanstack/react-router';
import { isRole, TEXT_LIMITS, type PosterInfo, type PosterReceipt } from '@urs/sync-protocol';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../client/api-client.js';
import { formFailure, type FormFailure } from '../../client/server-errors.js';
import { useCurrentUser } from '../../client/use-session.js';
import { TextAreaField, TextField } from '../../components/ui/text-field.js';
import { useRemote } from '../../components/ui/use-remote.js';
import { errorText } from '../../lib/error-text.js';
import { loadPoster, sendProblem, type ProblemForm } from './public-report-api.js';
import { PosterPhotoField } from './poster-photo-field.js';
import './public-report-i18n.js';
import './public-report.css';

const route = getRouteApi('/lapor/$token');

const EMPTY_FORM: ProblemForm = { description: '', name: '', contact: '' };
const NO_FAILURE: FormFailure = { fields: {}, message: null };

/** The page's frame: the school's and the area's names, and nothing else of the school's. */
function PosterFrame({ poster, children }: { poster: PosterInfo | null; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <main className="auth poster-page">
      <div className="auth-card poster-card">
        {poster !== null && (
          <header className="poster-head">
            <p className="poster-school">{poster.school_name}</p>
            <p className="poster-area">
              <span className="muted">{t('poster.area')}:</span> <strong>{poster.area_name}</strong>
            </p>
          </header>
        )}
        {children}
      </div>
    </main>
  );
}

/** A signed-in phone the bridge could not take to the app's form (offline, another school). */
function StaffNote() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user === null || !isRole(user.role)) return null;
  return (
    <p className="alert alert-info poster-staff">
      {t('poster.staff', { name: user.name })}{' '}
      <Link to="/reports/create" search={{}}>
        {t('poster.staffLink')}
      </Link>
    </p>
  );
}

function Sent({ receipt, onAnother }: { receipt: PosterReceipt; onAnother: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="poster-sent" aria-live="polite">
      <h1 className="auth-title">{t('poster.sentTitle')}</h1>
      <p className="auth-subtitle">{t('poster.sentText')}</p>
      <p className="poster-reference">
        <span className="muted">{t('poster.reference')}</span>
        <strong data-testid="poster-reference">{receipt.reference}</strong>
      </p>
      <button type="button" className="button button-secondary button-block" onClick={onAnother}>
        {t('poster.another')}
      </button>
    </section>
  );
}

function ProblemFormView({
  token,
  onSent,
}: {
  token: string;
  onSent: (receipt: PosterReceipt) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ProblemForm>(EMPTY_FORM);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const bind = (key: keyof ProblemForm) => ({
    name: key,
    value: form[key],
    onChange: (event: { target: { value: string } }) => {
      setForm((current) => ({ ...current, [key]: event.target.value }));
      // What was said about this field no longer holds once it is edited.
      if (failure.fields[key] !== undefined) {
        setFailure(({ fields: { [key]: _edited, ...rest }, message }) => ({
          fields: rest,
          message,
        }));
      }
    },
    errors: failure.fields[key],
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.description.trim() === '') {
      setFailure({
        fields: { description: [errorText({ code: 'problem_required' })] },
        message: null,
      });
      document.getElementById('poster-description')?.focus();
      return;
    }
    setSending(true);
    setFailure(NO_FAILURE);
    try {
      onSent(await sendProblem(token, form, photo));
    } catch (err) {
      // A refusal of the whole form (closed, flooded, unknown) reads above it, by its code.
      const whole = err instanceof ApiError && err.status !== 422;
      setFailure(
        whole ? { fields: {}, message: err.message } : formFailure(err, t('poster.sendFailed')),
      );
      setSending(false);
    }
  };

  return (
    <form className="form poster-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1 className="auth-title">{t('poster.pageTitle')}</h1>
      <p className="auth-subtitle">{t('poster.intro')}</p>
      {failure.message !== null && (
        <p className="alert alert-error" role="alert">
          {failure.message}
        </p>
      )}
      <TextAreaField
        id="poster-description"
        label={t('poster.problem')}
        hint={t('poster.problemHint')}
        rows={4}
        maxLength={TEXT_LIMITS.posterProblem}
        required
        {...bind('description')}
      />
      <PosterPhotoField
        photo={photo}
        onChange={setPhoto}
        onBusy={setPreparing}
        serverErrors={failure.fields['photo']}
      />
      <TextField
        label={t('poster.name')}
        autoComplete="name"
        maxLength={TEXT_LIMITS.personName}
        {...bind('name')}
      />
      <TextField
        label={t('poster.contact')}
        hint={t('poster.contactHint')}
        autoComplete="tel"
        maxLength={TEXT_LIMITS.posterContact}
        {...bind('contact')}
      />
      <p className="field-hint">{t('poster.privacy')}</p>
      <button
        type="submit"
        className="button button-primary button-block"
        disabled={sending || preparing}
      >
        {sending ? t('poster.sending') : t('poster.send')}
      </button>
    </form>
  );
}

/** Why the poster cannot be shown: an unknown poster, or no answer (offline), with a retry. */
function PosterUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const unknown = error instanceof ApiError && error.status === 404;
  return (
    <section>
      <h1 className="auth-title">{unknown ? t('poster.unknownTitle') : t('poster.loadFailed')}</h1>
      <p className="auth-subtitle" role="alert">
        {error instanceof Error ? error.message : t('poster.loadFailed')}
      </p>
      {!unknown && (
        <button type="button" className="button button-secondary button-block" onClick={onRetry}>
          {t('poster.retry')}
        </button>
      )}
    </section>
  );
}

/**
 * The public page behind an area's QR poster (docs/decisions/029-public-problem-form.md): anyone
 * may tell the school what is wrong there, with an optional photo, name and contact, and gets a
 * reference back. Closed plainly when the school has turned it off.
 */
export function PublicReportScreen() {
  const { t } = useTranslation();
  const { token } = route.useParams();
  const poster = useRemote(`poster|${token}`, () => loadPoster(token));
  const [receipt, setReceipt] = useState<PosterReceipt | null>(null);
  const info = poster.data;

  useEffect(() => {
    const previous = document.title;
    document.title =
      info === null ? t('poster.pageTitle') : `${t('poster.pageTitle')} · ${info.area_name}`;
    return () => {
      document.title = previous;
    };
  }, [info, t]);

  let body: ReactNode;
  if (info === null) {
    body =
      poster.error === null ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <PosterUnavailable error={poster.error} onRetry={poster.reload} />
      );
  } else if (!info.open) {
    body = (
      <section>
        <h1 className="auth-title">{t('poster.closedTitle')}</h1>
        <p className="auth-subtitle" role="status">
          {errorText({ code: 'poster_reports_closed' })}
        </p>
      </section>
    );
  } else if (receipt !== null) {
    body = <Sent receipt={receipt} onAnother={() => setReceipt(null)} />;
  } else {
    body = <ProblemFormView token={token} onSent={setReceipt} />;
  }

  return (
    <PosterFrame poster={info}>
      <StaffNote />
      {body}
    </PosterFrame>
  );
}
