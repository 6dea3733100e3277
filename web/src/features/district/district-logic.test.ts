import type { School, SchoolOverviewRow } from '@urs/sync-protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n.js';
import {
  createSchoolPayload,
  districtTotals,
  EMPTY_SCHOOL_FORM,
  parseDomains,
  registrationLink,
  schoolFormErrors,
  updateSchoolPayload,
  type SchoolCreateForm,
} from './district-logic.js';

beforeAll(() => initI18n('id'));

const school: School = {
  id: 's1',
  name: 'SMP Negeri 2',
  registration_code: 'abc',
  sso_domains: ['smpn2.sch.id'],
  active: true,
  deactivated_at: null,
  created_at: '2026-12-01T00:00:00.000Z',
  updated_at: '2026-12-01T00:00:00.000Z',
};

const filled: SchoolCreateForm = {
  ...EMPTY_SCHOOL_FORM,
  name: '  SMP Negeri 3 ',
  admin_name: 'Dewi Lestari',
  admin_email: 'Dewi@SMPN3.sch.id',
  admin_password: 'rahasia-123',
  admin_password_confirmation: 'rahasia-123',
};

describe('registration link', () => {
  it("carries the school's code, escaped, and is absent without one", () => {
    expect(registrationLink('https://urs.dinas.go.id', 'a-b_c')).toBe(
      'https://urs.dinas.go.id/register?school=a-b_c',
    );
    expect(registrationLink('http://10.0.0.5:8787', 'a+b/c')).toBe(
      'http://10.0.0.5:8787/register?school=a%2Bb%2Fc',
    );
    expect(registrationLink('https://x', null)).toBeNull();
    expect(registrationLink('https://x', '')).toBeNull();
  });
});

describe('SSO domains typed as a list', () => {
  it('splits on commas, semicolons and spaces, drops @ and blanks, lower-cases, dedupes', () => {
    expect(parseDomains(' SMAN1.sch.id, @guru.sman1.sch.id;\nsman1.sch.id  x.id ')).toEqual([
      'sman1.sch.id',
      'guru.sman1.sch.id',
      'x.id',
    ]);
    expect(parseDomains('  ')).toEqual([]);
  });
});

describe('the new school form', () => {
  it('makes the nested body the server expects, trimmed, without empty optional parts', () => {
    expect(createSchoolPayload(filled)).toEqual({
      ok: true,
      payload: {
        name: 'SMP Negeri 3',
        admin: {
          name: 'Dewi Lestari',
          email: 'dewi@smpn3.sch.id',
          phone: null,
          password: 'rahasia-123',
        },
      },
    });
    const withDomains = createSchoolPayload({ ...filled, sso_domains: 'smpn3.sch.id' });
    expect(withDomains.ok && withDomains.payload.sso_domains).toEqual(['smpn3.sch.id']);
  });

  it("puts the contract's errors on the form's own fields, the confirmation too", () => {
    const checked = createSchoolPayload({
      ...EMPTY_SCHOOL_FORM,
      sso_domains: 'bukan domain',
      admin_email: 'bukan-email',
      admin_password: 'pendek',
      admin_password_confirmation: 'lain',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: ['Nama wajib diisi.'],
      sso_domains: ['Domain tidak valid: bukan, domain. Tulis seperti sman1.sch.id.'],
      admin_name: ['Nama wajib diisi.'],
      admin_email: [expect.stringMatching(/email/i)],
      admin_password: ['Password minimal 8 karakter.'],
      admin_password_confirmation: ['Konfirmasi password tidak cocok.'],
    });
  });
});

describe("the server's field names on the school form", () => {
  it('maps nested paths, list items and the users service names; keeps others', () => {
    expect(
      schoolFormErrors({
        name: ['Nama sekolah sudah dipakai.'],
        'admin.email': ['Format email tidak valid.'],
        email: ['Email sudah terdaftar.'],
        'sso_domains.0': ['Tidak valid.'],
        'sso_domains.3': ['Tidak valid.'],
        'admin.password': ['Password minimal 8 karakter.'],
        other: ['?'],
      }),
    ).toEqual({
      name: ['Nama sekolah sudah dipakai.'],
      admin_email: ['Format email tidak valid.', 'Email sudah terdaftar.'],
      sso_domains: ['Tidak valid.'],
      admin_password: ['Password minimal 8 karakter.'],
      other: ['?'],
    });
  });
});

describe('the edit form', () => {
  it('sends only what changed, and nothing when nothing did', () => {
    expect(
      updateSchoolPayload({ name: 'SMP Negeri 2 ', sso_domains: 'smpn2.sch.id' }, school),
    ).toEqual({
      ok: true,
      payload: {},
    });
    expect(
      updateSchoolPayload({ name: 'SMPN 2 Kota', sso_domains: 'smpn2.sch.id' }, school),
    ).toEqual({ ok: true, payload: { name: 'SMPN 2 Kota' } });
    expect(updateSchoolPayload({ name: school.name, sso_domains: '' }, school)).toEqual({
      ok: true,
      payload: { sso_domains: [] },
    });
  });

  it('names the domains it refuses', () => {
    const checked = updateSchoolPayload(
      { name: school.name, sso_domains: 'ok.sch.id, x_y' },
      school,
    );
    expect(checked).toEqual({
      ok: false,
      errors: { sso_domains: ['Domain tidak valid: x_y. Tulis seperti sman1.sch.id.'] },
    });
  });

  it('refuses a blank name before anything is sent', () => {
    const checked = updateSchoolPayload({ name: '  ', sso_domains: '' }, school);
    expect(checked).toEqual({ ok: false, errors: { name: ['Nama wajib diisi.'] } });
  });
});

describe('district totals', () => {
  const row = (over: Partial<SchoolOverviewRow>): SchoolOverviewRow => ({
    school_id: 'x',
    name: 'x',
    active: true,
    staff: 0,
    reports_this_month: 0,
    open_work: 0,
    overdue_work: 0,
    requests_pending: 0,
    last_sync_at: null,
    ...over,
  });

  it('adds every school up and counts the active ones', () => {
    expect(
      districtTotals([
        row({
          staff: 11,
          reports_this_month: 7,
          open_work: 4,
          overdue_work: 1,
          requests_pending: 2,
        }),
        row({ active: false, staff: 3, open_work: 1 }),
      ]),
    ).toEqual({
      schools: 2,
      activeSchools: 1,
      staff: 14,
      reportsThisMonth: 7,
      openWork: 5,
      overdueWork: 1,
      requestsPending: 2,
    });
    expect(districtTotals([]).schools).toBe(0);
  });
});
