import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, newId, type PosterSheet, type PullResponse } from '@urs/sync-protocol';
import { reportPhotos, reports, users } from '../../db/schema.js';
import { makeTestApp, type TestApp } from '../../test/harness.js';
import { jpegBytes, TestDevice } from '../../sync/test-kit.js';
import { POSTER_REPORTER } from '../../services/poster-reports.js';

/*
 * The public form behind an area's QR poster (issue 40 item 6, decision 029), on the engine the
 * run uses (URS_TEST_ENGINE): a valid problem is answered with a reference and nothing else and
 * lands in the admin's queue; bad photos and floods are refused with the app's own errors; the
 * school's admin closes it.
 */

const LIMITS = { POSTER_REPORTS_PER_AREA: '3', POSTER_REPORTS_PER_ADDRESS: '6' };

let t: TestApp;
let admin: TestDevice;
let staff: TestDevice;
let areaId: string;
let otherAreaId: string;
let address = 0;

/** A fresh address for each request unless told: the per-address limit has its own test. */
const nextAddress = () => `198.51.100.${(address += 1)}`;

async function createArea(name: string): Promise<string> {
  const res = await t.request('/api/areas', { method: 'POST', token: admin.token, json: { name } });
  return ((await res.json()) as { data: { id: string } }).data.id;
}

async function sheet(token = admin.token): Promise<PosterSheet> {
  const res = await t.request('/api/posters', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: PosterSheet }).data;
}

async function tokenOf(id: string): Promise<string> {
  const poster = (await sheet()).posters.find((p) => p.area_id === id);
  if (poster === undefined) throw new Error(`no poster for ${id}`);
  return poster.token;
}

interface Problem {
  description?: string;
  name?: string;
  contact?: string;
  photo?: Blob;
}

function file(bytes: Uint8Array, type = 'image/jpeg'): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

function send(token: string, problem: Problem, from = nextAddress()): Promise<Response> {
  const form = new FormData();
  for (const key of ['description', 'name', 'contact'] as const) {
    const value = problem[key];
    if (value !== undefined) form.set(key, value);
  }
  if (problem.photo !== undefined) form.set('photo', problem.photo, 'foto.jpg');
  return t.request(`/api/public/posters/${token}/reports`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': from },
  });
}

async function storedReports() {
  return t.db.select().from(reports).where(eq(reports.origin, 'poster'));
}

async function bodyOf(res: Response): Promise<Record<string, unknown>> {
  return (await res.json()) as Record<string, unknown>;
}

beforeEach(async () => {
  t = await makeTestApp(LIMITS);
  admin = new TestDevice(t, (await t.signIn('admin')).token);
  staff = new TestDevice(t, (await t.signIn('technician')).token);
  areaId = await createArea('Toilet Lantai 2');
  otherAreaId = await createArea('Kantin');
});
afterEach(() => t.close());

describe('the posters sheet', () => {
  it('gives each active area one lasting token, and nothing for inactive or removed areas', async () => {
    const closed = await createArea('Gudang Lama');
    await t.request(`/api/areas/${closed}`, {
      method: 'PATCH',
      token: admin.token,
      json: { active: false },
    });
    const gone = await createArea('Ruang Bekas');
    await t.request(`/api/areas/${gone}`, { method: 'DELETE', token: admin.token });

    const first = await sheet();
    expect(first.enabled).toBe(true);
    expect(first.school_name).toBe('SMA Harapan Nusantara');
    expect(first.posters.map((p) => p.area_name)).toEqual(['Kantin', 'Toilet Lantai 2']);
    for (const poster of first.posters) expect(poster.token).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new Set(first.posters.map((p) => p.token)).size).toBe(2);
    expect((await sheet()).posters).toEqual(first.posters);
  });

  it('a new token retires the printed one', async () => {
    const old = await tokenOf(areaId);
    const res = await t.request(`/api/posters/${areaId}/token`, {
      method: 'POST',
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const renewed = ((await res.json()) as { data: { area_id: string; token: string } }).data;
    expect(renewed.area_id).toBe(areaId);
    expect(renewed.token).not.toBe(old);
    expect(await tokenOf(areaId)).toBe(renewed.token);

    const stale = await t.request(`/api/public/posters/${old}`);
    expect(stale.status).toBe(404);
    expect(await bodyOf(stale)).toMatchObject({ code: 'poster_not_found' });
    expect((await send(old, { description: 'Lampu mati' })).status).toBe(404);
    expect((await send(renewed.token, { description: 'Lampu mati' })).status).toBe(201);
  });

  it("takes a signed-in phone that scans a poster to its own school's area", async () => {
    const token = await tokenOf(areaId);
    const res = await t.request(`/api/areas/by-poster/${token}`, { token: staff.token });
    expect(res.status).toBe(200);
    expect(await bodyOf(res)).toMatchObject({ data: { id: areaId, name: 'Toilet Lantai 2' } });
    const unknown = await t.request('/api/areas/by-poster/AAAAAAAAAAAAAAAA', {
      token: staff.token,
    });
    expect(unknown.status).toBe(404);
    expect(await bodyOf(unknown)).toMatchObject({ code: 'poster_not_found' });
  });
});

describe('the public poster page', () => {
  it("shows the school's and the area's names and nothing else", async () => {
    const res = await t.request(`/api/public/posters/${await tokenOf(areaId)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      school_name: 'SMA Harapan Nusantara',
      area_name: 'Toilet Lantai 2',
      open: true,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers an unknown, inactive or removed area as an unknown poster', async () => {
    const random = await t.request('/api/public/posters/Zz9_Zz9_Zz9_Zz9_');
    expect(random.status).toBe(404);
    const expected = await bodyOf(random);
    expect(expected).toMatchObject({ code: 'poster_not_found' });

    const token = await tokenOf(otherAreaId);
    await t.request(`/api/areas/${otherAreaId}`, {
      method: 'PATCH',
      token: admin.token,
      json: { active: false },
    });
    const inactive = await t.request(`/api/public/posters/${token}`);
    expect(inactive.status).toBe(404);
    expect(await bodyOf(inactive)).toEqual(expected);
    expect((await send(token, { description: 'Meja patah' })).status).toBe(404);

    const removedToken = await tokenOf(areaId);
    await t.request(`/api/areas/${areaId}`, { method: 'DELETE', token: admin.token });
    expect((await t.request(`/api/public/posters/${removedToken}`)).status).toBe(404);
    expect(await storedReports()).toEqual([]);
  });
});

describe('a problem sent through the poster', () => {
  it('is answered with a reference only and lands unassigned in the admin queue', async () => {
    const token = await tokenOf(areaId);
    const photo = jpegBytes(40_000, 7);
    const res = await send(token, {
      description: '  Keran wastafel bocor terus  ',
      name: 'Budi (XI IPA 2)',
      contact: '0812 3456 7890',
      photo: file(photo),
    });
    expect(res.status).toBe(201);
    const body = await bodyOf(res);
    expect(Object.keys(body)).toEqual(['reference']);
    expect(body['reference']).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);

    const [report, ...more] = await storedReports();
    expect(more).toEqual([]);
    if (report === undefined) throw new Error('no report stored');
    expect(report).toMatchObject({
      areaId,
      status: 'pending',
      assigneeId: null,
      origin: 'poster',
      priority: 'normal',
      workType: 'other',
      categoryId: null,
      deletedAt: null,
    });
    expect(report.id.replace(/-/g, '').slice(-8).toUpperCase()).toBe(
      String(body['reference']).replace('-', ''),
    );
    expect(report.description).toBe(
      [
        'Keran wastafel bocor terus',
        '',
        `— Laporan dari poster QR · Ref. ${String(body['reference'])}`,
        'Nama: Budi (XI IPA 2)',
        'Kontak: 0812 3456 7890',
      ].join('\n'),
    );

    // The photo is the report's before photo, its bytes in the photo store.
    const [stored] = await t.db
      .select()
      .from(reportPhotos)
      .where(eq(reportPhotos.reportId, report.id));
    expect(stored).toMatchObject({ kind: 'before', mimeType: 'image/jpeg', sizeBytes: 40_000 });
    if (stored === undefined) throw new Error('no photo stored');
    const served = await t.request(`/api/photos/${stored.id}`, { token: admin.token });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(photo);

    // Filed by the school's poster reporter, who is no one's colleague and cannot sign in.
    const [reporter] = await t.db.select().from(users).where(eq(users.id, report.reporterId));
    expect(reporter).toMatchObject({ name: POSTER_REPORTER.name, role: 'custodian' });
    expect(reporter?.deletedAt).not.toBeNull();
    const list = await t.request('/api/users?per_page=100', { token: admin.token });
    expect(JSON.stringify(await list.json())).not.toContain(POSTER_REPORTER.name);
    const signIn = await t.request('/api/login', {
      method: 'POST',
      json: { email: POSTER_REPORTER.email, password: '!' },
    });
    expect(signIn.status).toBe(401);

    // The admin's phone pulls it (the counter moved); the technician's does not hold it.
    const pulled = await admin.pullAll();
    const put = pulled.find((c) => c.entity === 'reports' && c.id === report.id);
    expect(put).toMatchObject({ op: 'put', row: { origin: 'poster', assignee_id: null } });
    // Numbered on arrival as a staff member's report is; the school's first.
    expect(report.number).toMatch(/^LAP-\d{4}-000001$/);
    expect(put).toMatchObject({ row: { number: report.number } });
    expect(pulled).toContainEqual(
      expect.objectContaining({ entity: 'report_photos', id: stored.id, op: 'put' }),
    );
    expect(pulled).toContainEqual({
      entity: 'users',
      op: 'delete',
      id: report.reporterId,
      change_seq: expect.any(Number) as unknown,
      name: POSTER_REPORTER.name,
    });
    const seqOf = (id: string) => pulled.find((c) => c.id === id)?.change_seq ?? Infinity;
    expect(seqOf(report.reporterId)).toBeLessThan(seqOf(report.id));
    const staffPull: PullResponse['changes'] = await staff.pullAll();
    expect(staffPull.some((c) => c.entity === 'reports')).toBe(false);
  });

  it('keeps one poster reporter per school, and leaves the user count alone', async () => {
    const before = await t.request('/api/analytics', { token: admin.token });
    const usersBefore = ((await before.json()) as { data: { users: { total: number } } }).data.users
      .total;
    expect((await send(await tokenOf(areaId), { description: 'Lampu mati' })).status).toBe(201);
    expect((await send(await tokenOf(otherAreaId), { description: 'Kursi patah' })).status).toBe(
      201,
    );
    const stored = await storedReports();
    expect(stored).toHaveLength(2);
    expect(new Set(stored.map((r) => r.reporterId)).size).toBe(1);
    const reporters = await t.db.select().from(users).where(eq(users.name, POSTER_REPORTER.name));
    expect(reporters).toHaveLength(1);
    const after = await t.request('/api/analytics', { token: admin.token });
    expect(((await after.json()) as { data: { users: { total: number } } }).data.users.total).toBe(
      usersBefore,
    );
  });

  it("is no staff role's work: not in the role filter, the role analytics or the role explorer", async () => {
    const custodian = new TestDevice(t, (await t.signIn('custodian')).token);
    const ownId = newId();
    await custodian.push([
      'report.create',
      { id: ownId, area_id: areaId, work_type: 'cleaning', description: 'Lantai dipel' },
    ]);
    expect((await send(await tokenOf(areaId), { description: 'Keran bocor' })).status).toBe(201);
    const [poster] = await storedReports();
    if (poster === undefined) throw new Error('no poster report');

    const list = async (query: string) => {
      const res = await t.request(`/api/reports${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { id: string }[] }).data.map((r) => r.id);
    };
    // The poster's reporter is a custodian only because a user needs a role.
    expect(await list('?role=custodian')).toEqual([ownId]);
    expect((await list('')).sort()).toEqual([ownId, poster.id].sort());

    const analytics = await t.request('/api/analytics', { token: admin.token });
    const byRole = (
      (await analytics.json()) as {
        data: { productivity_by_role: { role: string; reports_30d: number }[] };
      }
    ).data.productivity_by_role;
    expect(byRole.find((r) => r.role === 'custodian')?.reports_30d).toBe(1);

    const explorer = await t.request('/api/reports/by-role?role=custodian', { token: admin.token });
    const people = ((await explorer.json()) as { data: { id: string; report_count: number }[] })
      .data;
    expect(people.map((p) => p.id)).not.toContain(poster.reporterId);
  });

  it('needs the problem and a multipart form', async () => {
    const token = await tokenOf(areaId);
    const empty = await send(token, { description: '   ', name: 'Budi' });
    expect(empty.status).toBe(422);
    expect(await bodyOf(empty)).toMatchObject({
      code: 'problem_required',
      field_reasons: { description: [{ code: 'problem_required' }] },
    });
    const json = await t.request(`/api/public/posters/${token}/reports`, {
      method: 'POST',
      json: { description: 'Lampu mati' },
      headers: { 'x-forwarded-for': nextAddress() },
    });
    expect(json.status).toBe(415);
    expect(await bodyOf(json)).toMatchObject({ code: 'form_required' });
    expect(await storedReports()).toEqual([]);
  });

  it('refuses a photo that is not an image, or too large, with the upload limits', async () => {
    const token = await tokenOf(areaId);
    const text = await send(token, {
      description: 'Pintu rusak',
      photo: file(new TextEncoder().encode('bukan gambar'), 'image/jpeg'),
    });
    expect(text.status).toBe(422);
    expect(await bodyOf(text)).toMatchObject({
      code: 'image_type_unsupported',
      field_reasons: { photo: [{ code: 'image_type_unsupported' }] },
    });

    const large = await send(token, {
      description: 'Pintu rusak',
      photo: file(jpegBytes(MAX_IMAGE_BYTES + 1, 3)),
    });
    expect(large.status).toBe(422);
    expect(await bodyOf(large)).toMatchObject({
      code: 'image_too_large',
      field_reasons: { photo: [{ code: 'image_too_large' }] },
    });

    // A body far past any photo is refused before it is read.
    const huge = await send(token, {
      description: 'Pintu rusak',
      photo: file(jpegBytes(MAX_IMAGE_BYTES + 200_000, 4)),
    });
    expect(huge.status).toBe(413);
    expect(await bodyOf(huge)).toMatchObject({ code: 'image_too_large' });

    expect(await storedReports()).toEqual([]);
    expect(await t.db.select().from(reportPhotos)).toEqual([]);
  });
});

describe('floods', () => {
  it('refuses an area past its allowance with the throttle error, other areas still open', async () => {
    const token = await tokenOf(areaId);
    for (let i = 1; i <= 3; i++) {
      expect((await send(token, { description: `Masalah ${i}` })).status).toBe(201);
    }
    const refused = await send(token, { description: 'Masalah 4', photo: file(jpegBytes(900)) });
    expect(refused.status).toBe(429);
    expect(await bodyOf(refused)).toMatchObject({
      code: 'too_many_poster_reports',
      params: { minutes: 60 },
      message: 'Terlalu banyak laporan yang terkirim dari sini. Coba lagi dalam 60 menit.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await storedReports()).toHaveLength(3);
    expect(await t.db.select().from(reportPhotos)).toEqual([]);
    expect((await send(await tokenOf(otherAreaId), { description: 'Lain' })).status).toBe(201);
  });

  it('refuses an address past its allowance, counting refused tries too', async () => {
    const token = await tokenOf(areaId);
    const from = '203.0.113.9';
    expect((await send(token, { description: 'Satu' }, from)).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await send(token, {}, from)).status).toBe(422);
    expect((await send('AAAAAAAAAAAAAAAA', { description: 'x' }, from)).status).toBe(404);
    const refused = await send(await tokenOf(otherAreaId), { description: 'Tujuh' }, from);
    expect(refused.status).toBe(429);
    expect(await bodyOf(refused)).toMatchObject({ code: 'too_many_poster_reports' });
    expect(refused.headers.get('retry-after')).not.toBeNull();
    // Another address of the same school is not held up.
    expect((await send(await tokenOf(otherAreaId), { description: 'Delapan' })).status).toBe(201);
  });

  it('lets only the allowance through when an area is flooded at once', async () => {
    const token = await tokenOf(areaId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(token, { description: `Serbu ${i}` })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await storedReports()).toHaveLength(3);
  });
});

describe('the school switch', () => {
  it('closes the form plainly and opens it again', async () => {
    const token = await tokenOf(areaId);
    const off = await t.request('/api/posters', {
      method: 'PATCH',
      token: admin.token,
      json: { enabled: false },
    });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ data: { enabled: false } });
    expect((await sheet()).enabled).toBe(false);

    const page = await t.request(`/api/public/posters/${token}`);
    expect(await page.json()).toEqual({
      school_name: 'SMA Harapan Nusantara',
      area_name: 'Toilet Lantai 2',
      open: false,
    });
    const refused = await send(token, { description: 'Lampu mati', photo: file(jpegBytes(800)) });
    expect(refused.status).toBe(403);
    expect(await bodyOf(refused)).toMatchObject({
      code: 'poster_reports_closed',
      message:
        'Pelaporan lewat poster sedang ditutup oleh sekolah. Sampaikan masalahnya langsung kepada petugas sekolah.',
    });
    expect(await storedReports()).toEqual([]);

    const bad = await t.request('/api/posters', {
      method: 'PATCH',
      token: admin.token,
      json: { enabled: 'nanti' },
    });
    expect(bad.status).toBe(422);
    await t.request('/api/posters', {
      method: 'PATCH',
      token: admin.token,
      json: { enabled: true },
    });
    expect((await send(token, { description: 'Lampu mati' })).status).toBe(201);
  });

  it("is the school's own: another school's form stays open", async () => {
    const schoolB = await t.createSchool('SMP Nusa Indah');
    const adminB = await t.signIn('admin', undefined, { schoolId: schoolB });
    await t.request('/api/areas', { method: 'POST', token: adminB.token, json: { name: 'Aula' } });
    const tokenB = (await sheet(adminB.token)).posters[0]?.token ?? '';
    await t.request('/api/posters', {
      method: 'PATCH',
      token: admin.token,
      json: { enabled: false },
    });
    const page = await t.request(`/api/public/posters/${tokenB}`);
    expect(await page.json()).toEqual({
      school_name: 'SMP Nusa Indah',
      area_name: 'Aula',
      open: true,
    });
    expect((await send(tokenB, { description: 'Proyektor mati' })).status).toBe(201);
    const [report] = await storedReports();
    expect(report?.schoolId).toBe(schoolB);
  });
});
