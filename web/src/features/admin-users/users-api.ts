import {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  userSchema,
  type AdminUserCreateInput,
  type AdminUserUpdateInput,
  isRole,
  type Role,
  type User,
} from '@urs/sync-protocol';
import { buildQuery, check, type Checked, type PagedAnswer } from '../../client/admin-kit.js';
import { adminResource } from '../../client/admin-resource.js';

export const PER_PAGE_CHOICES = [10, 15, 25, 50] as const;
export type PerPage = (typeof PER_PAGE_CHOICES)[number];
export const DEFAULT_USERS_PER_PAGE: PerPage = 10;

export interface UserQuery {
  q: string;
  role: Role | '';
  page: number;
  per_page: PerPage;
}

export function usersListPath(query: UserQuery): string {
  return `api/users${buildQuery({
    q: query.q,
    role: query.role,
    page: query.page,
    per_page: query.per_page,
  })}`;
}

/** What the create/edit form holds. */
export interface UserForm {
  name: string;
  email: string;
  phone: string;
  role: Role;
  password: string;
  password_confirmation: string;
}

export const EMPTY_USER_FORM: UserForm = {
  name: '',
  email: '',
  phone: '',
  role: 'custodian',
  password: '',
  password_confirmation: '',
};

/** Editing starts from the user's data; the password fields start blank ("unchanged"). */
export function userFormOf(user: User): UserForm {
  return {
    name: user.name,
    email: user.email,
    phone: user.phone ?? '',
    // A school's user list holds school roles only; the district admin is in none.
    role: isRole(user.role) ? user.role : EMPTY_USER_FORM.role,
    password: '',
    password_confirmation: '',
  };
}

/**
 * Form → request body, checked with the server's own schema.
 * Create: a blank phone is sent as null (phone is optional).
 * Edit: a blank password (with its confirmation) or a blank phone is left out: unchanged.
 */
export function createUserPayload(form: UserForm): Checked<AdminUserCreateInput> {
  return check(adminUserCreateSchema, {
    name: form.name,
    email: form.email,
    phone: form.phone.trim() === '' ? null : form.phone,
    role: form.role,
    password: form.password,
    password_confirmation: form.password_confirmation,
  });
}

export function updateUserPayload(form: UserForm): Checked<AdminUserUpdateInput> {
  const checked = check(adminUserUpdateSchema, {
    name: form.name,
    email: form.email,
    role: form.role,
    ...(form.phone.trim() !== '' && { phone: form.phone }),
    ...(form.password !== '' && {
      password: form.password,
      password_confirmation: form.password_confirmation,
    }),
  });
  if (!checked.ok) return checked;
  // The schema keeps `password` as typed; drop empty keys so "unchanged" is never sent as ''.
  const payload: AdminUserUpdateInput = { ...checked.payload };
  if (payload.password === undefined || payload.password === null || payload.password === '') {
    delete payload.password;
    delete payload.password_confirmation;
  }
  return { ok: true, payload };
}

const users = adminResource<User>('api/users', userSchema);

export function listUsers(query: UserQuery): Promise<PagedAnswer<User>> {
  return users.list(usersListPath(query));
}

export function createUser(payload: AdminUserCreateInput): Promise<User> {
  return users.create(payload);
}

export function updateUser(id: string, payload: AdminUserUpdateInput): Promise<User> {
  return users.update(id, payload);
}

/** Resolves once the server has deleted the user (the screen says so in the user's language). */
export async function deleteUser(id: string): Promise<void> {
  await users.remove(id);
}
