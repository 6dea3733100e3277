import { eq, getTableColumns } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type PushResponse } from '@urs/sync-protocol';
import { schema } from '../db/schema.js';
import { makeTestApp, type TestApp } from '../test/harness.js';
import { ACCESS, PUBLIC_POSTER_ROUTES } from '../test/route-access.js';
import { jpegBytes, sha256, TestDevice, uploadPhoto } from '../sync/test-kit.js';

/*
 * Issue 39: every REST route answers within the caller's school. An admin and a staff member of
 * school A aim every route at each kind of school-B object: the answer is exactly the one a
 * random (missing) id gets, and nothing of B changes. Lists, exports and analytics of A hold
 * nothing of B. The route list is app.test.ts's (test/route-access.ts), so a new route joins
 * this sweep by itself. The sync routes are swept by sync/cross-school.test.ts.
 */

const B_MARK = 'SEKOLAH-B';
const A_MARK = 'SEKOLAH-A';
const SYNC_ROUTES = new Set(['POST /api/sync/push', 'GET /api/sync/pull']);

let t: TestApp;
let schoolB: string;
const a = { admin: '', staff: '', adminId: '', otherUploadId: '', areaId: '' };
/** One id of each kind of school-B object. */
const b: Record<string, string> = {};

type Actor = 'admin' | 'staff';

function applied(res: PushResponse): void {
  for (const r of res.results) {
    if (r.status !== 'applied') throw new Error(`seed push refused: ${JSON.stringify(r)}`);
  }
}

async function createReference(token: string, path: string, name: string, mark: string) {
  const res = await t.request(path, {
    method: 'POST',
    token,
    json: { name, description: mark },
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** Every school-owned row of B, by table, to compare before and after. */
async function rowsOfB(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(schema)) {
    const column = (getTableColumns(table) as Record<string, unknown>)['schoolId'];
    if (column === undefined || name === 'changeCounter') continue;
    const rows = await t.db
      .select()
      .from(table)
      .where(eq(column as never, schoolB));
    out[name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

let before: Record<string, unknown[]>;

beforeAll(async () => {
  t = await makeTestApp();
  schoolB = await t.createSchool(`Sekolah ${B_MARK}`);
  const bAdmin = await t.signIn('admin', `admin.${B_MARK.toLowerCase()}@b.test`, {
    schoolId: schoolB,
  });
  const bGardener = await t.signIn('gardener', undefined, { schoolId: schoolB });
  const bCustodian = await t.signIn('custodian', undefined, { schoolId: schoolB });
  const adminB = new TestDevice(t, bAdmin.token);
  const gardenerB = new TestDevice(t, bGardener.token);
  const custodianB = new TestDevice(t, bCustodian.token);

  // The same names as A's below: names are unique per school, not across schools.
  b['area'] = await createReference(bAdmin.token, '/api/areas', 'Kantin', B_MARK);
  b['category'] = await createReference(bAdmin.token, '/api/categories', 'Listrik', B_MARK);
  b['user'] = bGardener.user.id;
  b['report'] = newId();
  applied(
    await gardenerB.push([
      'report.create',
      {
        id: b['report'],
        area_id: b['area'],
        category_id: b['category'],
        work_type: 'cleaning',
        description: `Lantai ${B_MARK}`,
      },
    ]),
  );
  const photo = await gardenerB.attachPhoto(b['report'], 'before', jpegBytes(2048, 11));
  if (photo.result?.status !== 'applied') throw new Error('photo.attach refused');
  b['photo'] = photo.id;
  b['upload'] = newId();
  const uploaded = await uploadPhoto(t, bGardener.token, b['upload'], jpegBytes(1024, 12));
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status}`);
  b['item'] = newId();
  applied(
    await adminB.push([
      'item.create',
      { id: b['item'], name: `Pupuk ${B_MARK}`, sku: 'SKU-1', unit: 'kg', stock: 10 },
    ]),
  );
  b['stock'] = newId();
  applied(
    await adminB.push([
      'stock.record',
      {
        id: b['stock'],
        item_id: b['item'],
        area_id: b['area'],
        type: 'out',
        quantity: 20,
        occurred_at: new Date().toISOString(),
      },
    ]),
  );
  const image = jpegBytes(4096, 13);
  const imageUpload = await uploadPhoto(t, bCustodian.token, newId(), image);
  if (imageUpload.status !== 201) throw new Error(`image upload: ${imageUpload.status}`);
  b['request'] = newId();
  applied(
    await custodianB.push([
      'request.create',
      {
        id: b['request'],
        type: 'custom',
        custom_name: `Semprotan ${B_MARK}`,
        image_sha256: sha256(image),
        quantity: 1,
      },
    ]),
  );
  b['announcement'] = newId();
  applied(
    await adminB.push([
      'announcement.create',
      { id: b['announcement'], title: `Rapat ${B_MARK}`, body: B_MARK },
    ]),
  );
  // A round template of B (decision 030).
  const templateB = await t.request('/api/rounds/templates', {
    method: 'POST',
    token: bAdmin.token,
    json: roundTemplate(b['area'] ?? '', B_MARK),
  });
  if (templateB.status !== 201) throw new Error(`B template: ${templateB.status}`);
  b['template'] = ((await templateB.json()) as { data: { id: string } }).data.id;
  // B's area's poster token (decision 029), made when B's admin opens the posters.
  const posters = await t.request('/api/posters', { token: bAdmin.token });
  const sheet = (await posters.json()) as { data: { posters: { token: string }[] } };
  b['posterToken'] = sheet.data.posters[0]?.token ?? '';
  if (b['posterToken'] === '') throw new Error('no poster token for B');
  b['read'] = newId();
  applied(
    await gardenerB.push([
      'announcement.mark_read',
      { id: b['read'], announcement_id: b['announcement'], read_at: new Date().toISOString() },
    ]),
  );

  // School A: an admin, a staff member and a little data of its own with the same names.
  const aAdmin = await t.signIn('admin');
  const aStaff = await t.signIn('gardener');
  a.admin = aAdmin.token;
  a.adminId = aAdmin.user.id;
  a.staff = aStaff.token;
  const areaA = await createReference(a.admin, '/api/areas', 'Kantin', A_MARK);
  a.areaId = areaA;
  await createReference(a.admin, '/api/categories', 'Listrik', A_MARK);
  applied(
    await new TestDevice(t, a.staff).push([
      'report.create',
      { id: newId(), area_id: areaA, work_type: 'repair', description: `Pintu ${A_MARK}` },
    ]),
  );
  // B's SKU again: SKUs are unique per school (decision 027), so A may use it too.
  applied(
    await new TestDevice(t, a.admin).push([
      'item.create',
      { id: newId(), name: `Sapu ${A_MARK}`, sku: 'SKU-1', unit: 'pcs', stock: 3 },
    ]),
  );
  // An upload id taken by another user of A: what a B photo id must answer as on upload.
  const otherA = await t.signIn('technician');
  a.otherUploadId = newId();
  const otherUpload = await uploadPhoto(t, otherA.token, a.otherUploadId, jpegBytes(512, 14));
  if (otherUpload.status !== 201) throw new Error(`A upload: ${otherUpload.status}`);

  before = await rowsOfB();
});
afterAll(() => t.close());

/** A daily round of gardeners (decision 030). */
function roundTemplate(areaId: string, mark: string) {
  return {
    title: `Siram ${mark}`,
    area_ids: [areaId],
    items: [{ id: 'water', label: 'Disiram', kind: 'pass_fail_na' }],
    assignee_role: 'gardener',
    schedule: { kind: 'daily' },
    start_date: '2026-01-01',
  };
}

const token = (actor: Actor) => (actor === 'admin' ? a.admin : a.staff);

/** Valid bodies of the job actions (decision 028), which an admin of the report could take. */
const JOB_BODIES: Record<string, object> = {
  'PATCH /api/reports/:id/job': { priority: 'urgent' },
  'POST /api/reports/:id/status': { status: 'cancelled' },
  'POST /api/reports/:id/hand-back': {},
  'POST /api/reports/:id/comments': { body: 'Dari sekolah lain' },
};

/** The body a route needs to get past validation to the lookup, for writes. */
function requestFor(route: string, id: string, actor: Actor) {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const path = pattern.replace(':id', id);
  const init: Parameters<TestApp['request']>[1] = { method, token: token(actor) };
  if (route === 'PUT /api/photos/:id') {
    const bytes = jpegBytes(700, 21);
    init.body = bytes;
    init.headers = { 'content-type': 'image/jpeg', 'x-content-sha256': sha256(bytes) };
  } else if (JOB_BODIES[route] !== undefined) {
    init.json = JOB_BODIES[route];
  } else if (route === 'PUT /api/rounds/templates/:id') {
    // A valid definition of A, so the answer is the lookup's, not the validation's.
    init.json = roundTemplate(a.areaId, A_MARK);
  } else if (method === 'PUT' || method === 'PATCH') {
    init.json = { name: 'Nama baru' };
  }
  return { path, init };
}

/** Status and body, with the id itself replaced, so two ids' answers compare. */
async function answer(route: string, id: string, actor: Actor) {
  const { path, init } = requestFor(route, id, actor);
  const res = await t.request(path, init);
  const body = Buffer.from(await res.arrayBuffer()).toString('utf8');
  return { status: res.status, body: body.split(id).join('<id>') };
}

const idRoutes = Object.keys(ACCESS).filter(
  (route) => route.includes(':id') && !SYNC_ROUTES.has(route),
);
const KINDS = [
  'area',
  'category',
  'user',
  'report',
  'photo',
  'upload',
  'item',
  'stock',
  'request',
  'announcement',
  'read',
  'template',
];

describe('a school-B id on every REST route of school A', () => {
  it('covers the routes that take an id', () => {
    expect(idRoutes).toEqual(
      expect.arrayContaining([
        'GET /api/areas/:id',
        'DELETE /api/users/:id',
        'GET /api/photos/:id',
        'GET /api/reports/:id',
        'GET /api/inventory/items/:id/transactions',
        'GET /api/inventory/requests/:id/image',
      ]),
    );
  });

  describe.each(['admin', 'staff'] as const)('as the %s of A', (actor) => {
    it.each(idRoutes)('%s answers as for a missing id, and B is unchanged', async (route) => {
      // An upload names a new photo's id: only B's photo ids are B objects there, and reusing
      // one is refused as an id another user of A took is (ids are global keys, decision 027).
      const upload = route === 'PUT /api/photos/:id';
      for (const kind of upload ? ['photo', 'upload'] : KINDS) {
        const id = b[kind] ?? '';
        const expected = await answer(route, upload ? a.otherUploadId : newId(), actor);
        expect(await answer(route, id, actor), `${kind} ${id}`).toEqual(expected);
      }
      expect(await rowsOfB()).toEqual(before);
    });
  });

  it('never 403 where a missing row answers 404: a B photo, report, user and request', async () => {
    const photo = await answer('GET /api/photos/:id', b['photo'] ?? '', 'admin');
    expect(photo.status).toBe(404);
    expect(JSON.parse(photo.body)).toMatchObject({ code: 'photo_not_found' });
    const upload = await answer('GET /api/photos/:id', b['upload'] ?? '', 'staff');
    expect(upload.status).toBe(404);
    const report = await answer('GET /api/reports/:id', b['report'] ?? '', 'staff');
    expect(JSON.parse(report.body)).toMatchObject({ code: 'report_not_found' });
    const user = await answer('DELETE /api/users/:id', b['user'] ?? '', 'admin');
    expect(JSON.parse(user.body)).toMatchObject({ code: 'user_not_found' });
    const image = await answer(
      'GET /api/inventory/requests/:id/image',
      b['request'] ?? '',
      'admin',
    );
    expect(JSON.parse(image.body)).toMatchObject({ code: 'image_not_found' });
  });

  it('plans a B report in a bulk plan as a missing one, and B is unchanged', async () => {
    const plan = async (id: string) => {
      const res = await t.request('/api/reports/jobs', {
        method: 'POST',
        token: a.admin,
        json: { report_ids: [id], priority: 'urgent' },
      });
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { id: string }[] };
      return data.map((row) => ({ ...row, id: '<id>' }));
    };
    const got = await plan(b['report'] ?? '');
    expect(got).toEqual(await plan(newId()));
    expect(got).toMatchObject([{ status: 404, code: 'report_not_found' }]);
    expect(await rowsOfB()).toEqual(before);
  });

  it('refuses to create an area or category under a B id as taken, and B is unchanged', async () => {
    for (const [path, kind] of [
      ['/api/areas', 'area'],
      ['/api/categories', 'category'],
    ] as const) {
      const res = await t.request(path, {
        method: 'POST',
        token: a.admin,
        json: { id: b[kind], name: `Baru ${kind}` },
      });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: 'id_taken' });
    }
    expect(await rowsOfB()).toEqual(before);
  });

  it('filters of A by a B area, reporter or assignee find what a missing id finds', async () => {
    for (const route of ['/api/reports', '/api/reports/export']) {
      for (const filter of ['area_id', 'reporter_id', 'assignee_id'] as const) {
        const kind = filter === 'area_id' ? 'area' : 'user';
        const url = (id: string) => `${route}?${filter}=${id}`;
        const missing = newId();
        const got = await t.request(url(b[kind] ?? ''), { token: a.admin });
        const expected = await t.request(url(missing), { token: a.admin });
        expect(got.status).toBe(expected.status);
        if (route === '/api/reports') {
          expect(await got.json()).toEqual(await expected.json());
        } else {
          expect(await xlsxText(got)).toEqual(await xlsxText(expected));
        }
      }
    }
  });
});

/** Every cell of every sheet of an .xlsx answer, as one text. */
async function xlsxText(res: Response): Promise<string> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const cells: string[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        cells.push(JSON.stringify(cell.value));
      }),
    ),
  );
  return cells.join('\n');
}

async function textOf(res: Response): Promise<string> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('spreadsheet')) return xlsxText(res);
  return Buffer.from(await res.arrayBuffer()).toString('utf8');
}

const listRoutes = Object.entries(ACCESS)
  .filter(([route, access]) => {
    if (access === 'public' || SYNC_ROUTES.has(route)) return false;
    return route.startsWith('GET /api/') && !route.includes(':');
  })
  .map(([route]) => route.slice('GET '.length));

describe("school A's lists, exports and analytics", () => {
  it.each(listRoutes)('%s holds nothing of B', async (path) => {
    for (const actor of ['admin', 'staff'] as const) {
      const res = await t.request(path, { token: token(actor) });
      expect(res.status, `${actor} ${path}`).toBeLessThan(500);
      const text = await textOf(res);
      expect(text).not.toContain(B_MARK);
      for (const [kind, id] of Object.entries(b)) expect(text, kind).not.toContain(id);
    }
  });

  it("shows A's own rows, so the sweep above reads real answers", async () => {
    const read = async (path: string) => textOf(await t.request(path, { token: a.admin }));
    expect(await read('/api/areas')).toContain(A_MARK);
    expect(await read('/api/categories')).toContain(A_MARK);
    expect(await read('/api/reports')).toContain(A_MARK);
    expect(await read('/api/reports/export')).toContain(A_MARK);
    expect(await read('/api/inventory/items')).toContain(A_MARK);
    expect(await read('/api/inventory/items/export')).toContain(A_MARK);
    expect(await read('/api/reports/by-role')).toContain(a.adminId);
    expect(await read('/api/users')).toContain(a.adminId);
  });

  it('counts only A in analytics, the inventory summary and the request figures', async () => {
    const json = async (path: string) =>
      ((await (await t.request(path, { token: a.admin })).json()) as { data: never }).data;
    const analytics: {
      reports: { total: number };
      users: { total: number };
      requests_30d: { created: number };
    } = await json('/api/analytics');
    expect(analytics.reports.total).toBe(1);
    expect(analytics.users.total).toBe(3); // A's admin, gardener and technician
    expect(analytics.requests_30d.created).toBe(0);
    const summary: { total_items: number; total_quantity: number } =
      await json('/api/inventory/summary');
    expect(summary).toMatchObject({ total_items: 1, total_quantity: 3 });
    const requests: { total: number } = await json('/api/inventory/requests/analytics');
    expect(requests.total).toBe(0);
    const flagged = (await (
      await t.request('/api/inventory/flagged-transactions', { token: a.admin })
    ).json()) as { meta: { total: number } };
    expect(flagged.meta.total).toBe(0);
  });
});

describe("B's poster token", () => {
  const posterToken = () => b['posterToken'] ?? '';

  it("shows B's names on the public page and nothing of A", async () => {
    expect(PUBLIC_POSTER_ROUTES).toContain('GET /api/public/posters/:token');
    const res = await t.request(`/api/public/posters/${posterToken()}`);
    expect(await res.json()).toEqual({
      school_name: `Sekolah ${B_MARK}`,
      area_name: 'Kantin',
      open: true,
    });
  });

  it.each(['admin', 'staff'] as const)(
    "is an unknown poster to A's %s, as a random token is, and B is unchanged",
    async (actor) => {
      const bridge = (value: string) =>
        t.request(`/api/areas/by-poster/${value}`, { token: token(actor) });
      const got = await bridge(posterToken());
      const expected = await bridge('Zz9_Zz9_Zz9_Zz9_');
      expect(got.status).toBe(404);
      expect(await got.json()).toEqual(await expected.json());
      expect(await rowsOfB()).toEqual(before);
    },
  );
});

describe('per-school rules of A', () => {
  it("keeps A's last admin although B has one", async () => {
    const res = await t.request(`/api/users/${a.adminId}`, {
      method: 'PATCH',
      token: a.admin,
      json: { role: 'gardener' },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'last_admin_role' });
  });

  it('answers email_taken, never a 500, when both schools create one email at once', async () => {
    const bAdmin = await t.signIn('admin', undefined, { schoolId: schoolB });
    const email = `rebutan.${newId()}@sekolah.test`;
    const create = (adminToken: string) =>
      t.request('/api/users', {
        method: 'POST',
        token: adminToken,
        json: {
          name: 'Rebutan',
          email,
          role: 'gardener',
          password: 'rahasia-123',
          password_confirmation: 'rahasia-123',
        },
      });
    const answers = await Promise.all([create(a.admin), create(bAdmin.token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    const refused = answers.find((r) => r.status === 422);
    expect(await refused?.json()).toMatchObject({
      errors: { email: [expect.any(String)] },
    });
  });

  it("renews only A's registration code: B's school and its link stay as they were", async () => {
    const schoolRow = async () =>
      JSON.stringify(
        await t.db.select().from(schema.schools).where(eq(schema.schools.id, schoolB)),
      );
    await t.db.write((tx) =>
      tx
        .update(schema.schools)
        .set({ registrationCode: 'KODE-B' })
        .where(eq(schema.schools.id, schoolB)),
    );
    const bBefore = await schoolRow();
    const rowsBefore = await rowsOfB();
    const res = await t.request('/api/school/registration-code', {
      method: 'POST',
      token: a.admin,
    });
    expect(res.status).toBe(200);
    const own = ((await res.json()) as { data: { name: string; registration_code: string } }).data;
    expect(own.name).not.toContain(B_MARK);
    expect(own.registration_code).not.toBe('KODE-B');
    expect(await schoolRow()).toBe(bBefore);
    expect(await rowsOfB()).toEqual(rowsBefore);
  });
});
