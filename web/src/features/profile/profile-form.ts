import { ALLOWED_IMAGE_TYPES, MAX_IMAGE_BYTES, type User } from '@urs/sync-protocol';

/** What the profile form may send; a null or undefined field is left out of the request. */
export interface ProfileFields {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  photo?: Blob | null;
}

/** The text fields the form edits, as typed. */
export interface ProfileDraft {
  name: string;
  email: string;
  phone: string;
}

const TEXT_FIELDS = ['name', 'email', 'phone'] as const;

/**
 * The multipart body of `POST /api/profile` (spec section 5): only the fields that are neither
 * null nor undefined. An empty string is a value (a cleared phone number), so it is sent.
 */
export function buildProfileFormData(fields: ProfileFields): FormData {
  const form = new FormData();
  for (const key of TEXT_FIELDS) {
    const value = fields[key];
    if (value !== null && value !== undefined) form.append(key, value);
  }
  const photo = fields.photo;
  if (photo !== null && photo !== undefined) {
    const fileName = photo instanceof File ? photo.name : 'avatar';
    form.append('photo', photo, fileName);
  }
  return form;
}

/** The text fields the user changed against the saved user; unchanged ones are undefined. */
export function changedProfileFields(user: User, draft: ProfileDraft): ProfileFields {
  const fields: ProfileFields = {};
  if (draft.name.trim() !== user.name) fields.name = draft.name;
  if (draft.email.trim() !== user.email) fields.email = draft.email;
  if (draft.phone.trim() !== (user.phone ?? '')) fields.phone = draft.phone;
  return fields;
}

/** The form's text fields as the user holds them. */
export const draftOf = (user: User): ProfileDraft => ({
  name: user.name,
  email: user.email,
  phone: user.phone ?? '',
});

/**
 * The draft once the user changed under the open form (a pull brought an admin's edit): the
 * fields not typed in since `before` take the new values, the typed ones stay. Kept as they
 * were, the old values read as the user's own changes, and saving undid the admin's edit.
 */
export function followUser(before: User, now: User, draft: ProfileDraft): ProfileDraft {
  const was = draftOf(before);
  const is = draftOf(now);
  return {
    name: draft.name === was.name ? is.name : draft.name,
    email: draft.email === was.email ? is.email : draft.email,
    phone: draft.phone === was.phone ? is.phone : draft.phone,
  };
}

export function hasProfileChanges(fields: ProfileFields): boolean {
  return (
    TEXT_FIELDS.some((key) => fields[key] !== null && fields[key] !== undefined) ||
    (fields.photo !== null && fields.photo !== undefined)
  );
}

export type ImageProblem = 'tooLarge' | 'badType';

/** Checked on the device before anything is sent: JPG, PNG or WEBP, at most 10 MB. */
export function checkAvatarImage(file: Pick<Blob, 'size' | 'type'>): ImageProblem | null {
  if (!ALLOWED_IMAGE_TYPES.some((type) => type === file.type)) return 'badType';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** The `accept` attribute of the file input. */
export const AVATAR_ACCEPT = ALLOWED_IMAGE_TYPES.join(',');
