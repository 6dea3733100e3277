import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-client.js';
import { formFailure, serverMessage } from './server-errors.js';

describe('form failure pattern (spec section 8)', () => {
  it('shows the errors object per field when the server sent one', () => {
    const err = new ApiError(401, 'Email atau password salah.', {
      message: 'Email atau password salah.',
      errors: { email: ['Email atau password salah.'] },
    });
    expect(formFailure(err, 'Login gagal')).toEqual({
      fields: { email: ['Email atau password salah.'] },
      message: null,
    });
  });

  it('else the server message', () => {
    const err = new ApiError(429, 'Terlalu banyak percobaan', {
      message: 'Terlalu banyak percobaan',
    });
    expect(formFailure(err, 'Login gagal')).toEqual({
      fields: {},
      message: 'Terlalu banyak percobaan',
    });
  });

  it('else the default text', () => {
    expect(formFailure(new ApiError(500, 'x', null), 'Registrasi gagal').message).toBe(
      'Registrasi gagal',
    );
    expect(formFailure(new Error('boom'), 'Login gagal').message).toBe('Login gagal');
  });

  it('keeps the offline message, which the user can act on', () => {
    expect(formFailure(new NetworkError(null), 'Login gagal').message).toBe(
      new NetworkError(null).message,
    );
  });

  it('reads only a message the server wrote', () => {
    expect(serverMessage(new ApiError(500, 'fallback', null))).toBeUndefined();
    expect(serverMessage(new ApiError(422, 'x', { message: 'Tema salah.' }))).toBe('Tema salah.');
  });
});
