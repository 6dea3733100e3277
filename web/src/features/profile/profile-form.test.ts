// @vitest-environment jsdom
import { MAX_IMAGE_BYTES, type User } from '@urs/sync-protocol';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_ACCEPT,
  buildProfileFormData,
  changedProfileFields,
  checkAvatarImage,
  draftOf,
  followUser,
  hasProfileChanges,
} from './profile-form.js';
import { testUser } from '../../test/user.js';

const user: User = testUser({ phone: '0812' });

describe('buildProfileFormData', () => {
  it('sends only the fields that are neither null nor undefined', () => {
    const form = buildProfileFormData({ name: 'Siti A.', email: null, phone: undefined });
    expect([...form.keys()]).toEqual(['name']);
    expect(form.get('name')).toBe('Siti A.');
    expect(form.has('email')).toBe(false);
    expect(form.has('phone')).toBe(false);
    expect(form.has('photo')).toBe(false);
  });

  it('keeps an empty string (a cleared phone) and attaches the photo as a file', () => {
    const photo = new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
    const form = buildProfileFormData({ phone: '', photo });
    expect([...form.keys()]).toEqual(['phone', 'photo']);
    expect(form.get('phone')).toBe('');
    const sent = form.get('photo');
    expect(sent).toBeInstanceOf(File);
    expect(sent instanceof File ? [sent.name, sent.type, sent.size] : null).toEqual([
      'me.png',
      'image/png',
      3,
    ]);
  });

  it('sends nothing at all for an empty set of fields', () => {
    expect([...buildProfileFormData({ photo: null }).keys()]).toEqual([]);
  });
});

describe('changedProfileFields', () => {
  it('leaves unchanged fields undefined, so they are not sent', () => {
    const fields = changedProfileFields(user, {
      name: 'Siti Aminah',
      email: 'siti.aminah@urs.sch.id',
      phone: '0812',
    });
    expect(fields).toEqual({});
    expect(hasProfileChanges(fields)).toBe(false);
  });

  it('keeps the changed ones, a cleared phone included', () => {
    const fields = changedProfileFields(user, {
      name: 'Siti Aminah S.',
      email: 'siti.aminah@urs.sch.id',
      phone: '',
    });
    expect(fields).toEqual({ name: 'Siti Aminah S.', phone: '' });
    expect(hasProfileChanges(fields)).toBe(true);
    expect([...buildProfileFormData(fields).keys()]).toEqual(['name', 'phone']);
  });

  it('treats a user without a phone and an empty phone box as unchanged', () => {
    expect(changedProfileFields({ ...user, phone: null }, { ...user, phone: '' })).toEqual({});
  });

  it('counts a chosen photo as a change', () => {
    expect(hasProfileChanges({ photo: new Blob(['x'], { type: 'image/png' }) })).toBe(true);
  });
});

describe('checkAvatarImage', () => {
  it('accepts JPG, PNG and WEBP up to exactly 10 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) {
      expect(checkAvatarImage({ type, size: 1000 })).toBeNull();
      expect(checkAvatarImage({ type, size: MAX_IMAGE_BYTES })).toBeNull();
    }
    expect(MAX_IMAGE_BYTES).toBe(10 * 1024 * 1024);
  });

  it('refuses a file over 10 MB', () => {
    expect(checkAvatarImage({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('tooLarge');
  });

  it('refuses other types, even small ones', () => {
    expect(checkAvatarImage({ type: 'image/gif', size: 10 })).toBe('badType');
    expect(checkAvatarImage({ type: 'application/pdf', size: 10 })).toBe('badType');
    expect(checkAvatarImage({ type: '', size: 10 })).toBe('badType');
  });

  it('checks a real File object the same way', () => {
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'big.jpg', { type: 'image/jpeg' });
    expect(checkAvatarImage(big)).toBe('tooLarge');
    expect(AVATAR_ACCEPT).toBe('image/jpeg,image/png,image/webp');
  });
});

describe('followUser', () => {
  it("takes an admin's edit into the fields not typed in, and keeps what was typed", () => {
    const before = testUser({ name: 'Siti', email: 'siti@sekolah.test', phone: '0812' });
    const typed = { ...draftOf(before), phone: '0813' };
    const after = { ...before, name: 'Siti Aminah', phone: '0899' };
    const draft = followUser(before, after, typed);
    expect(draft).toEqual({ name: 'Siti Aminah', email: 'siti@sekolah.test', phone: '0813' });
    // Saved now, only what the user typed is sent: the admin's new name is not undone.
    expect(changedProfileFields(after, draft)).toEqual({ phone: '0813' });
  });
});
