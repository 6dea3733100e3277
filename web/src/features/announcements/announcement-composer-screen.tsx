import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { newId, type Announcement, TEXT_LIMITS } from '@urs/sync-protocol';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { TextAreaField, TextField } from '../../components/ui/text-field.js';
import { confirmDialog } from '../../client/dialog.js';
import { toast } from '../../client/toast.js';
import { useCurrentUser } from '../../client/use-session.js';
import { seemsOnline } from '../../sync/index.js';
import { useAnnouncementActions } from './announcement-actions.js';
import { useAnnouncement } from './announcement-queries.js';
import { ComposerOptions } from './composer-options.js';
import { useLeaveGuard } from './use-leave-guard.js';
import {
  EMPTY_ANNOUNCEMENT,
  formOf,
  isFormDirty,
  planCreate,
  planDelete,
  planEdit,
  type AnnouncementFormValues,
} from './announcements-logic.js';
import './announcements-i18n.js';
import './announcements.css';
import { FirstDownloadNotice } from '../../components/ui/first-download.js';
import { useFirstDownload } from '../../sync/index.js';

const editRoute = getRouteApi('/_shell/announcements/$id/edit');

export function AnnouncementNewScreen() {
  return <AnnouncementComposer id={undefined} />;
}

export function AnnouncementEditScreen() {
  const { id } = editRoute.useParams();
  return <AnnouncementComposer id={id} />;
}

/** One composer for new and edit (spec section 2); the route guard keeps it admin-only. */
function AnnouncementComposer({ id }: { id: string | undefined }) {
  const { t } = useTranslation();
  const existing = useAnnouncement(id);
  const userId = useCurrentUser()?.id;
  const download = useFirstDownload(userId);
  const title = t(id === undefined ? 'pages.announcementNew' : 'pages.announcementEdit');
  return (
    <Page title={title}>
      {id === undefined || existing ? (
        <ComposerForm key={id ?? 'new'} announcement={existing ?? null} />
      ) : existing === undefined ? (
        <p className="an-empty">{t('announcements.loading')}</p>
      ) : download.active ? (
        <FirstDownloadNotice download={download} />
      ) : (
        <p className="alert alert-error">{t('announcements.notFound')}</p>
      )}
    </Page>
  );
}

function ComposerForm({ announcement }: { announcement: Announcement | null }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { runPlan } = useAnnouncementActions();
  const [initial] = useState<AnnouncementFormValues>(() =>
    announcement === null ? EMPTY_ANNOUNCEMENT : formOf(announcement),
  );
  const [values, setValues] = useState<AnnouncementFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const form = useRef<HTMLFormElement>(null);
  // Refused on saving: the first field that says why gets the focus (and scrolls into view), so
  // a phone does not leave the reason above the fold.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const first = form.current?.querySelector<HTMLElement>(
      '[aria-invalid="true"], .alert-error, .field-error',
    );
    if (first?.matches('[aria-invalid="true"]') === true) first.focus();
    else first?.scrollIntoView({ block: 'center' });
  }, [refusals]);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const leaving = useLeaveGuard(!done && isFormDirty(values, initial));

  if (user === null) return null;

  const set = <K extends keyof AnnouncementFormValues>(key: K, value: AnnouncementFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const err = (field: string): string[] | undefined => errors[field];

  const finish = () => {
    leaving.current = true;
    setDone(true);
    void navigate({ to: '/announcements' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const now = new Date();
    const step =
      announcement === null
        ? planCreate({ id: newId(), authorId: user.id, values, now })
        : planEdit({ announcement, values, now });
    if (step === null) {
      toast.info(t('announcements.noChanges'));
      return;
    }
    setSaving(true);
    const failed = await runPlan(user.id, [step]);
    setSaving(false);
    if (failed !== null) {
      setErrors(failed);
      setRefusals((n) => n + 1);
      return;
    }
    setErrors({});
    toast.success(seemsOnline() ? t('announcements.saved') : t('announcements.savedOffline'));
    finish();
  };

  const onCancel = () => {
    void navigate({ to: '/announcements' });
  };

  const onDelete = async () => {
    if (announcement === null) return;
    const confirmed = await confirmDialog({
      title: t('announcements.deleteTitle'),
      text: t('announcements.deleteText'),
      icon: 'warning',
      danger: true,
      confirmLabel: t('announcements.delete'),
      cancelLabel: t('announcements.cancel'),
    });
    if (!confirmed) return;
    const failed = await runPlan(user.id, [planDelete(announcement.id)]);
    if (failed !== null) {
      setErrors(failed);
      return;
    }
    toast.success(t('announcements.deleted'));
    finish();
  };

  const general = err('_') ?? err('id');

  return (
    <form
      ref={form}
      className="card form an-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
    >
      {general !== undefined && <p className="alert alert-error">{general.join(' ')}</p>}
      <TextField
        label={t('announcements.title')}
        name="title"
        value={values.title}
        maxLength={TEXT_LIMITS.announcementTitle}
        errors={err('title')}
        onChange={(event) => set('title', event.target.value)}
      />
      <TextAreaField
        name="body"
        label={t('announcements.body')}
        hint={t('announcements.bodyHint')}
        rows={8}
        value={values.body}
        errors={err('body')}
        onChange={(event) => set('body', event.target.value)}
      />
      <ComposerOptions values={values} set={set} errors={err('audience')} />
      <div className="an-form-actions">
        {announcement !== null && (
          <button
            type="button"
            className="button button-danger an-form-delete"
            onClick={() => void onDelete()}
          >
            {t('announcements.delete')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('announcements.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? t('announcements.saving') : t('announcements.save')}
        </button>
      </div>
    </form>
  );
}
