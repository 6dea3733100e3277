import type { User } from '@urs/sync-protocol';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { formFailure, type FormFailure } from '../../client/server-errors.js';
import { toast } from '../../client/toast.js';
import { useAppSession, useCurrentUser } from '../../client/use-session.js';
import { useUnsavedChanges } from '../../pwa/index.js';
import { TextField } from '../../components/ui/text-field.js';
import { useFailedSubmitFocus } from '../../components/ui/use-failed-submit-focus.js';
import { UserAvatar } from '../../components/ui/user-avatar.js';
import { postPassword, postProfile, type PasswordChange } from './profile-api.js';
import {
  AVATAR_ACCEPT,
  buildProfileFormData,
  changedProfileFields,
  checkAvatarImage,
  draftOf,
  followUser,
  hasProfileChanges,
  type ProfileDraft,
  type ProfileFields,
} from './profile-form.js';
import './profile-i18n.js';
import './profile.css';

const NO_FAILURE: FormFailure = { fields: {}, message: null };

/**
 * A TextField's name, value, change handler and server errors, for each field of a form whose
 * text values are kept in one state: both profile forms wire their fields this way.
 */
const fieldsOf =
  <T extends { [K in keyof T]: string }>(
    values: T,
    setValues: Dispatch<SetStateAction<T>>,
    failure: FormFailure,
  ) =>
  (key: keyof T & string) => ({
    name: key,
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [key]: value }));
    },
    errors: failure.fields[key],
  });

/** Sending one of the profile's forms: busy while it runs, the failure (fields and message) after. */
function useSend(failedTitle: string) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const send = async (request: () => Promise<void>) => {
    setSending(true);
    setFailure(NO_FAILURE);
    try {
      await request();
    } catch (err) {
      setFailure(formFailure(err, failedTitle));
    } finally {
      setSending(false);
    }
  };
  return { failure, send, card: { failure, sending } };
}

/** The card both profile forms sit in: title, the form's message, fields, submit button. */
function ProfileCard({
  titleId,
  title,
  failure,
  sending,
  submitLabel,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  failure: FormFailure;
  sending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { form, submitted } = useFailedSubmitFocus(sending);
  return (
    <form
      ref={form}
      className="card form profile-card"
      onSubmit={(event) => {
        event.preventDefault();
        submitted();
        onSubmit();
      }}
      noValidate
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="profile-card-title">
        {title}
      </h2>
      {failure.message !== null && (
        <p className="alert alert-error" role="alert">
          {failure.message}
        </p>
      )}
      {children}
      <div>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t('profile.saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}

export function ProfileScreen() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (user === null) return null;
  return (
    <Page title={t('pages.profile')}>
      <div className="profile-grid">
        <ProfileForm user={user} />
        <PasswordForm />
      </div>
    </Page>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(user));
  // The user the draft was last brought up to date with; see followUser.
  const [shown, setShown] = useState(user);
  if (shown !== user) {
    setShown(user);
    setDraft((current) => followUser(shown, user, current));
  }
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { failure, send, card } = useSend(t('profile.failed'));
  const { session } = useAppSession();
  const fileInput = useRef<HTMLInputElement>(null);
  const photoId = useId();

  const fields: ProfileFields = {
    ...changedProfileFields(user, draft),
    ...(photo !== null && { photo }),
  };
  const dirty = hasProfileChanges(fields);
  useUnsavedChanges('profile-form', dirty);

  // The preview is an object URL: give it back when it is replaced or the form goes away.
  useEffect(() => {
    if (preview === null) return undefined;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const field = fieldsOf(draft, setDraft, failure);

  const clearPhoto = () => {
    setPhoto(null);
    setPreview(null);
    if (fileInput.current !== null) fileInput.current.value = '';
  };

  const onPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file === undefined) return;
    const problem = checkAvatarImage(file);
    if (problem !== null) {
      const title =
        problem === 'tooLarge' ? t('profile.fileTooLargeTitle') : t('profile.fileTypeTitle');
      const text =
        problem === 'tooLarge' ? t('profile.fileTooLargeText') : t('profile.fileTypeText');
      toast.error(title, text);
      setPhotoError(`${title}. ${text}`);
      clearPhoto();
      return;
    }
    setPhotoError(null);
    setPhoto(file);
    setPreview(URL.createObjectURL(file));
  };

  const onSubmit = () => {
    if (!dirty) {
      toast.info(t('profile.noChanges'));
      return;
    }
    void send(async () => {
      const updated = await postProfile(buildProfileFormData(fields));
      session.updateUser(updated);
      setDraft(draftOf(updated));
      clearPhoto();
      toast.success(t('profile.saved'));
    });
  };

  const photoErrors = [
    ...(photoError !== null ? [photoError] : []),
    ...(failure.fields['photo'] ?? []),
  ];

  return (
    <ProfileCard
      titleId="profile-details-title"
      title={t('profile.details')}
      {...card}
      submitLabel={t('profile.save')}
      onSubmit={onSubmit}
    >
      <div className="profile-photo">
        <UserAvatar
          user={user}
          src={preview}
          alt={t('profile.photoAlt', { name: user.name })}
          className="avatar avatar-large"
        />
        <div className="profile-photo-actions">
          <span className="field-label" id={`${photoId}-label`}>
            {t('profile.photo')}
          </span>
          {/* A button as the app's other pickers have, not the browser's bare file input. */}
          <label className="button button-secondary file-button profile-photo-pick">
            <span id={`${photoId}-pick`}>
              {photo === null && user.photo_url === null
                ? t('profile.pickPhoto')
                : t('profile.replacePhoto')}
            </span>
            <input
              id={photoId}
              ref={fileInput}
              type="file"
              name="photo"
              accept={AVATAR_ACCEPT}
              onChange={onPhoto}
              aria-labelledby={`${photoId}-label ${photoId}-pick`}
              aria-invalid={photoErrors.length > 0}
              aria-describedby={`${photoId}-hint${photoErrors.length > 0 ? ` ${photoId}-error` : ''}`}
            />
          </label>
          <p id={`${photoId}-hint`} className="field-hint">
            {t('profile.photoHint')}
          </p>
          {photoErrors.length > 0 && (
            <p id={`${photoId}-error`} className="field-error" role="alert">
              {photoErrors.join(' ')}
            </p>
          )}
          {photo !== null && (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={clearPhoto}
            >
              {t('profile.removeChosen')}
            </button>
          )}
        </div>
      </div>
      <TextField label={t('profile.name')} {...field('name')} autoComplete="name" required />
      <TextField
        label={t('profile.email')}
        {...field('email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        required
      />
      <TextField
        label={t('profile.phone')}
        {...field('phone')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
      />
    </ProfileCard>
  );
}

const EMPTY_PASSWORDS: PasswordChange = {
  current_password: '',
  password: '',
  password_confirmation: '',
};

function PasswordForm() {
  const { t } = useTranslation();
  const [values, setValues] = useState<PasswordChange>(EMPTY_PASSWORDS);
  const { failure, send, card } = useSend(t('profile.passwordFailed'));
  const dirty = Object.values(values).some((value) => value !== '');
  useUnsavedChanges('profile-password', dirty);

  const field = fieldsOf(values, setValues, failure);

  const onSubmit = () =>
    void send(async () => {
      await postPassword(values);
      setValues(EMPTY_PASSWORDS);
      toast.success(t('profile.passwordSaved'));
    });

  return (
    <ProfileCard
      titleId="profile-password-title"
      title={t('profile.passwordTitle')}
      {...card}
      submitLabel={t('profile.savePassword')}
      onSubmit={onSubmit}
    >
      <TextField
        label={t('profile.currentPassword')}
        {...field('current_password')}
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        label={t('profile.newPassword')}
        {...field('password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('profile.passwordHint')}
      />
      <TextField
        label={t('profile.passwordConfirmation')}
        {...field('password_confirmation')}
        type="password"
        autoComplete="new-password"
        required
      />
      {Object.keys(failure.fields).length > 0 && (
        <p className="sr-only" role="alert">
          {Object.values(failure.fields).flat().join(' ')}
        </p>
      )}
    </ProfileCard>
  );
}
