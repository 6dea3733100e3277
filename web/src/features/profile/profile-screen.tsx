import type { User } from '@urs/sync-protocol';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page.js';
import { session } from '../../lib/app-session.js';
import { formFailure, type FormFailure } from '../../lib/server-errors.js';
import { toast } from '../../lib/toast.js';
import { useCurrentUser } from '../../lib/use-session.js';
import { useUnsavedChanges } from '../../pwa/index.js';
import { TextField } from '../../components/ui/text-field.js';
import { UserAvatar } from '../shell/user-avatar.js';
import { postPassword, postProfile, type PasswordChange } from './profile-api.js';
import {
  AVATAR_ACCEPT,
  buildProfileFormData,
  changedProfileFields,
  checkAvatarImage,
  hasProfileChanges,
  type ProfileDraft,
  type ProfileFields,
} from './profile-form.js';
import './profile-i18n.js';
import './profile.css';

const NO_FAILURE: FormFailure = { fields: {}, message: null };

const draftOf = (user: User): ProfileDraft => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
});

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
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
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

  const edit = (key: keyof ProfileDraft) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setDraft((current) => ({ ...current, [key]: value }));
  };

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

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty) {
      toast.info(t('profile.noChanges'));
      return;
    }
    setSending(true);
    setFailure(NO_FAILURE);
    try {
      const updated = await postProfile(buildProfileFormData(fields));
      session.updateUser(updated);
      setDraft(draftOf(updated));
      clearPhoto();
      toast.success(t('profile.saved'));
    } catch (err) {
      setFailure(formFailure(err, t('profile.failed')));
    } finally {
      setSending(false);
    }
  };

  const photoErrors = [
    ...(photoError !== null ? [photoError] : []),
    ...(failure.fields['photo'] ?? []),
  ];

  return (
    <form
      className="card form profile-card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="profile-details-title"
    >
      <h2 id="profile-details-title" className="profile-card-title">
        {t('profile.details')}
      </h2>
      {failure.message !== null && (
        <p className="alert alert-error" role="alert">
          {failure.message}
        </p>
      )}
      <div className="profile-photo">
        <UserAvatar
          user={user}
          src={preview}
          alt={t('profile.photoAlt', { name: user.name })}
          className="avatar avatar-large"
        />
        <div className="profile-photo-actions">
          <label className="field-label" htmlFor={photoId}>
            {t('profile.photo')}
          </label>
          <input
            id={photoId}
            ref={fileInput}
            className="input"
            type="file"
            name="photo"
            accept={AVATAR_ACCEPT}
            onChange={onPhoto}
            aria-invalid={photoErrors.length > 0}
            aria-describedby={`${photoId}-hint${photoErrors.length > 0 ? ` ${photoId}-error` : ''}`}
          />
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
      <TextField
        label={t('profile.name')}
        name="name"
        autoComplete="name"
        required
        value={draft.name}
        onChange={edit('name')}
        errors={failure.fields['name']}
      />
      <TextField
        label={t('profile.email')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={draft.email}
        onChange={edit('email')}
        errors={failure.fields['email']}
      />
      <TextField
        label={t('profile.phone')}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        value={draft.phone}
        onChange={edit('phone')}
        errors={failure.fields['phone']}
      />
      <div>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t('profile.saving') : t('profile.save')}
        </button>
      </div>
    </form>
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
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const dirty = Object.values(values).some((value) => value !== '');
  useUnsavedChanges('profile-password', dirty);

  const edit = (key: keyof PasswordChange) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSending(true);
    setFailure(NO_FAILURE);
    try {
      await postPassword(values);
      setValues(EMPTY_PASSWORDS);
      toast.success(t('profile.passwordSaved'));
    } catch (err) {
      setFailure(formFailure(err, t('profile.passwordFailed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="card form profile-card"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="profile-password-title"
    >
      <h2 id="profile-password-title" className="profile-card-title">
        {t('profile.passwordTitle')}
      </h2>
      {failure.message !== null && (
        <p className="alert alert-error" role="alert">
          {failure.message}
        </p>
      )}
      <TextField
        label={t('profile.currentPassword')}
        type="password"
        name="current_password"
        autoComplete="current-password"
        required
        value={values.current_password}
        onChange={edit('current_password')}
        errors={failure.fields['current_password']}
      />
      <TextField
        label={t('profile.newPassword')}
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={t('profile.passwordHint')}
        value={values.password}
        onChange={edit('password')}
        errors={failure.fields['password']}
      />
      <TextField
        label={t('profile.passwordConfirmation')}
        type="password"
        name="password_confirmation"
        autoComplete="new-password"
        required
        value={values.password_confirmation}
        onChange={edit('password_confirmation')}
        errors={failure.fields['password_confirmation']}
      />
      {Object.keys(failure.fields).length > 0 && (
        <p className="sr-only" role="alert">
          {Object.values(failure.fields).flat().join(' ')}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? t('profile.saving') : t('profile.savePassword')}
        </button>
      </div>
    </form>
  );
}
