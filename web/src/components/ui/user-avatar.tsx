import type { User } from '@urs/sync-protocol';
import './user-avatar.css';
import { initials } from './initials.js';

/** The user's photo when there is one (or a chosen preview), else up to two initials. */
export function UserAvatar({
  user,
  src,
  alt = '',
  className = 'avatar',
}: {
  user: Pick<User, 'name' | 'photo_url'>;
  /** Overrides the saved photo, e.g. with a preview of a file not uploaded yet. */
  src?: string | null;
  alt?: string;
  className?: string;
}) {
  const photo = src ?? user.photo_url;
  if (photo !== null && photo !== '') {
    return (
      <img
        className={`${className} avatar-photo`}
        src={photo}
        alt={alt}
        data-testid="avatar-photo"
      />
    );
  }
  return (
    <span className={className} aria-hidden={alt === '' ? true : undefined}>
      {initials(user.name)}
    </span>
  );
}
