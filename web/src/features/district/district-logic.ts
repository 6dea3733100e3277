import {
  fieldReasons,
  schoolCreateSchema,
  schoolUpdateSchema,
  type School,
  type SchoolCreateInput,
  type SchoolOverviewRow,
  type SchoolUpdateInput,
  type z,
} from '@urs/sync-protocol';
import type { Checked } from '../../client/admin-kit.js';
import { errorText, fieldTexts } from '../../lib/error-text.js';
import { t } from '../../lib/i18n.js';
import './district-i18n.js';

/*
 * The district screens' pure parts: forms to payloads (checked with the contract's schemas),
 * the server's field names to the forms', the registration link and the overview's totals.
 */

/** The link a school hands its staff: registration joins that school (decision 027). */
export function registrationLink(origin: string, code: string | null): string | null {
  if (code === null || code === '') return null;
  return `${origin}/register?school=${encodeURIComponent(code)}`;
}

/** Email domains typed as a list: commas, semicolons, spaces or lines between; `@` allowed. */
export function parseDomains(text: string): string[] {
  const domains = text
    .split(/[\s,;]+/)
    .map((domain) => domain.trim().replace(/^@/, '').toLowerCase())
    .filter((domain) => domain !== '');
  return [...new Set(domains)];
}

export function domainsText(domains: readonly string[]): string {
  return domains.join(', ');
}

/** What the new-school form holds: the school, then its first administrator. */
export interface SchoolCreateForm {
  name: string;
  sso_domains: string;
  admin_name: string;
  admin_email: string;
  admin_phone: string;
  admin_password: string;
  admin_password_confirmation: string;
}

export const EMPTY_SCHOOL_FORM: SchoolCreateForm = {
  name: '',
  sso_domains: '',
  admin_name: '',
  admin_email: '',
  admin_phone: '',
  admin_password: '',
  admin_password_confirmation: '',
};

/** The school's name and SSO domains, as the edit form holds them. */
export interface SchoolEditForm {
  name: string;
  sso_domains: string;
}

export function schoolEditFormOf(school: School): SchoolEditForm {
  return { name: school.name, sso_domains: domainsText(school.sso_domains) };
}

/**
 * The server's field names (the contract's paths, `admin.email`, `sso_domains.1`; the bare
 * `email`, `phone` and `password` of the users service, which older servers answered a taken
 * address under) as the school form's fields.
 */
const FORM_FIELD_OF: Record<string, keyof SchoolCreateForm> = {
  name: 'name',
  sso_domains: 'sso_domains',
  'admin.name': 'admin_name',
  'admin.email': 'admin_email',
  email: 'admin_email',
  'admin.phone': 'admin_phone',
  phone: 'admin_phone',
  'admin.password': 'admin_password',
  password: 'admin_password',
};

/** Errors keyed by the server's field names, keyed by the school form's (others as they are). */
export function schoolFormErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [key, texts] of Object.entries(errors)) {
    const base = key.replace(/\.\d+$/, '');
    const name = FORM_FIELD_OF[base] ?? key;
    out[name] = [...new Set([...(out[name] ?? []), ...texts])];
  }
  return out;
}

/** The typed domains the contract refuses, so the form can name them. */
export function invalidDomains(domains: readonly string[]): string[] {
  return domains.filter(
    (domain) => !schoolUpdateSchema.safeParse({ sso_domains: [domain] }).success,
  );
}

/**
 * `input` checked with the contract's `schema`; its errors (and `extra`) keyed by the form's
 * fields, with the domains the contract refuses named (its own word is a bare "invalid").
 */
function checked<T>(
  schema: z.ZodType<T>,
  input: unknown,
  domains: readonly string[],
  extra: Record<string, string[]> = {},
): Checked<T> {
  const parsed = schema.safeParse(input);
  const errors = parsed.success
    ? { ...extra }
    : { ...schoolFormErrors(fieldTexts(fieldReasons(parsed.error))), ...extra };
  const bad = invalidDomains(domains);
  if (errors['sso_domains'] !== undefined && bad.length > 0) {
    errors['sso_domains'] = [t('district.badDomains', { domains: bad.join(', ') })];
  }
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, payload: parsed.data };
  return { ok: false, errors };
}

/** New school and admin → request body; the confirmation is the form's own check. */
export function createSchoolPayload(form: SchoolCreateForm): Checked<SchoolCreateInput> {
  const phone = form.admin_phone.trim();
  const domains = parseDomains(form.sso_domains);
  const mismatch: Record<string, string[]> =
    form.admin_password === form.admin_password_confirmation
      ? {}
      : { admin_password_confirmation: [errorText({ code: 'password_mismatch' })] };
  return checked(
    schoolCreateSchema,
    {
      name: form.name,
      ...(domains.length > 0 && { sso_domains: domains }),
      admin: {
        name: form.admin_name,
        email: form.admin_email,
        phone: phone === '' ? null : phone,
        password: form.admin_password,
      },
    },
    domains,
    mismatch,
  );
}

/** The edit form → a PATCH of what changed; nothing changed is an empty body. */
export function updateSchoolPayload(
  form: SchoolEditForm,
  school: School,
): Checked<SchoolUpdateInput> {
  const domains = parseDomains(form.sso_domains);
  const sameDomains =
    domains.length === school.sso_domains.length &&
    domains.every((domain, i) => domain === school.sso_domains[i]);
  return checked(
    schoolUpdateSchema,
    {
      ...(form.name.trim() !== school.name && { name: form.name }),
      ...(!sameDomains && { sso_domains: domains }),
    },
    domains,
  );
}

/** The district's figures over every school, for the overview's summary. */
export interface DistrictTotals {
  schools: number;
  activeSchools: number;
  staff: number;
  reportsThisMonth: number;
  openWork: number;
  overdueWork: number;
  requestsPending: number;
}

export function districtTotals(rows: readonly SchoolOverviewRow[]): DistrictTotals {
  const totals: DistrictTotals = {
    schools: rows.length,
    activeSchools: 0,
    staff: 0,
    reportsThisMonth: 0,
    openWork: 0,
    overdueWork: 0,
    requestsPending: 0,
  };
  for (const row of rows) {
    if (row.active) totals.activeSchools += 1;
    totals.staff += row.staff;
    totals.reportsThisMonth += row.reports_this_month;
    totals.openWork += row.open_work;
    totals.overdueWork += row.overdue_work;
    totals.requestsPending += row.requests_pending;
  }
  return totals;
}
