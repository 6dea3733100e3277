// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  createUserPayload,
  EMPTY_USER_FORM,
  updateUserPayload,
  userFormOf,
  usersListPath,
  type UserForm,
} from './users-api.js';
import { testUser } from '../../test/user.js';

const filled: UserForm = {
  name: ' Budi Santoso ',
  email: ' Budi@URS.sch.id ',
  phone: '',
  role: 'technician',
  password: 'rahasia123',
  password_confirmation: 'rahasia123',
};

describe('usersListPath', () => {
  it('sends search, role and paging; leaves out an empty role and search', () => {
    expect(usersListPath({ q: ' 0812 ', role: 'gardener', page: 2, per_page: 25 })).toBe(
      'api/users?q=0812&role=gardener&page=2&per_page=25',
    );
    expect(usersListPath({ q: '', role: '', page: 1, per_page: 10 })).toBe(
      'api/users?page=1&per_page=10',
    );
  });
});

describe('createUserPayload', () => {
  it('normalises like the server and sends a blank phone as null', () => {
    expect(createUserPayload(filled)).toEqual({
      ok: true,
      payload: {
        name: 'Budi Santoso',
        email: 'budi@urs.sch.id',
        phone: null,
        role: 'technician',
        password: 'rahasia123',
        password_confirmation: 'rahasia123',
      },
    });
  });

  it('requires the password (8+) and a matching confirmation', () => {
    const result = createUserPayload({
      ...EMPTY_USER_FORM,
      name: 'A',
      email: 'bukan-email',
      password: 'pendek',
      password_confirmation: 'lain',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        email: ['Format email tidak valid.'],
        password: ['Password minimal 8 karakter.'],
        password_confirmation: ['Konfirmasi password tidak cocok.'],
      },
    });
  });
});

describe('updateUserPayload (blank means unchanged)', () => {
  it('leaves out a blank password, its confirmation and a blank phone', () => {
    expect(updateUserPayload({ ...filled, password: '', password_confirmation: '' })).toEqual({
      ok: true,
      payload: { name: 'Budi Santoso', email: 'budi@urs.sch.id', role: 'technician' },
    });
  });

  it('sends a typed phone and a new password with its confirmation', () => {
    expect(updateUserPayload({ ...filled, phone: '0812-3456' })).toEqual({
      ok: true,
      payload: {
        name: 'Budi Santoso',
        email: 'budi@urs.sch.id',
        phone: '0812-3456',
        role: 'technician',
        password: 'rahasia123',
        password_confirmation: 'rahasia123',
      },
    });
  });

  it('checks a new password like on create', () => {
    expect(updateUserPayload({ ...filled, password: 'abc', password_confirmation: 'abd' })).toEqual(
      {
        ok: false,
        errors: {
          password: ['Password minimal 8 karakter.'],
          password_confirmation: ['Konfirmasi password tidak cocok.'],
        },
      },
    );
  });

  it('starts the edit form with blank passwords', () => {
    expect(
      userFormOf(
        testUser({ name: 'Siti', email: 'siti@urs.sch.id', created_at: '', updated_at: '' }),
      ),
    ).toEqual({
      name: 'Siti',
      email: 'siti@urs.sch.id',
      phone: '',
      role: 'custodian',
      password: '',
      password_confirmation: '',
    });
  });
});
