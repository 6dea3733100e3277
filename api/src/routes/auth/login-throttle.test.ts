import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness.js';

const apps: TestApp[] = [];
afterEach(async () => {
  // Twins first: the original removes the database they share.
  for (const app of apps.splice(0).reverse()) await app.close();
});

let clock = Date.parse('2026-11-23T03:00:00.000Z');
const advance = (ms: number) => {
  clock += ms;
};

async function app(overrides: Record<string, string> = {}): Promise<TestApp> {
  const t = await makeTestApp(
    {
      LOGIN_FREE_FAILURES_PER_PAIR: '3',
      LOGIN_FIRST_DELAY_SECONDS: '1',
      LOGIN_WINDOW_MINUTES: '15',
      ...overrides,
    },
    { now: () => new Date(clock) },
  );
  apps.push(t);
  return t;
}

function twinOf(t: TestApp): TestApp {
  const other = t.twin();
  apps.push(other);
  return other;
}

const login = (t: TestApp, email: string, password: string, address: string) =>
  t.request('/api/login', {
    method: 'POST',
    json: { email, password },
    headers: { 'x-forwarded-for': address },
  });

async function failUntilThrottled(t: TestApp, email: string, address: string): Promise<number> {
  for (let i = 1; i <= 50; i++) {
    const res = await login(t, email, `tebakan-${i}`, address);
    if (res.status === 429) return i;
    expect(res.status).toBe(401);
  }
  throw new Error('never throttled');
}

describe('login throttling', () => {
  it('counts guesses sent all at once one after the other, not after they were all checked', async () => {
    const t = await app();
    await t.signIn('gardener', 'kebun@sekolah.test');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(t, 'kebun@sekolah.test', `serentak-${i}`, '203.0.113.80'),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    // Three free failures and the fourth that starts the wait; every other one waits.
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(8);
    // The owner, from another address, still gets in.
    expect((await login(t, 'kebun@sekolah.test', TEST_PASSWORD, '10.9.8.7')).status).toBe(200);
  });

  it('counts by the address the proxy added, not the ones a client wrote in X-Forwarded-For', async () => {
    const t = await app();
    await t.signIn('custodian', 'korban2@sekolah.test');
    // A guesser names the victim's address first; the proxy appends the guesser's own.
    const spoofed = '198.51.100.7, 203.0.113.66';
    await failUntilThrottled(t, 'korban2@sekolah.test', spoofed);
    // The victim, from their real address, is not locked out.
    expect((await login(t, 'korban2@sekolah.test', TEST_PASSWORD, '198.51.100.7')).status).toBe(
      200,
    );
    // And a fresh made-up address for each guess does not escape the guesser's own count.
    const fresh = await login(t, 'korban2@sekolah.test', 'lagi', '192.0.2.99, 203.0.113.66');
    expect(fresh.status).toBe(429);
  });

  it("slows a guesser's address while the victim's own address still signs in", async () => {
    const t = await app();
    await t.signIn('custodian', 'korban@sekolah.test');
    await failUntilThrottled(t, 'korban@sekolah.test', '203.0.113.66');

    // Even the right password waits at the guesser's address: the guesser cannot tell.
    const blocked = await login(t, 'korban@sekolah.test', TEST_PASSWORD, '203.0.113.66');
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await blocked.json()) as { message: string }).message).toMatch(
      /^Terlalu banyak percobaan masuk yang gagal\. Coba lagi dalam \d+ menit\.$/,
    );
    expect((await login(t, 'korban@sekolah.test', TEST_PASSWORD, '10.1.2.3')).status).toBe(200);
  });

  it('makes each further failure of one email and address wait twice as long', async () => {
    const t = await app();
    await t.signIn('technician', 'tek@sekolah.test');
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await login(t, 'tek@sekolah.test', 'salah', '198.51.100.4')).status).toBe(401);
    }
    for (let i = 0; i < 4; i++) {
      expect((await login(t, 'tek@sekolah.test', 'salah', '198.51.100.4')).status).toBe(401);
      const res = await login(t, 'tek@sekolah.test', 'salah', '198.51.100.4');
      expect(res.status).toBe(429);
      const wait = res.headers.get('retry-after') ?? '';
      waits.push(wait);
      advance(Number(wait) * 1000);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    // The right password after the wait starts the pair afresh.
    expect((await login(t, 'tek@sekolah.test', TEST_PASSWORD, '198.51.100.4')).status).toBe(200);
    expect((await login(t, 'tek@sekolah.test', 'salah', '198.51.100.4')).status).toBe(401);
    expect((await login(t, 'tek@sekolah.test', 'salah', '198.51.100.4')).status).toBe(401);
  });

  it('stops a guesser spread over many addresses at the email ceiling, but not at addresses the owner uses', async () => {
    const t = await app({ LOGIN_MAX_FAILURES_PER_EMAIL: '6' });
    await t.signIn('gardener', 'kebun@sekolah.test');
    expect((await login(t, 'kebun@sekolah.test', TEST_PASSWORD, '10.20.0.1')).status).toBe(200);
    for (let i = 0; i < 6; i++) {
      expect((await login(t, 'kebun@sekolah.test', 'salah', `192.0.2.${i}`)).status).toBe(401);
    }
    expect((await login(t, 'kebun@sekolah.test', TEST_PASSWORD, '192.0.2.200')).status).toBe(429);
    expect((await login(t, 'kebun@sekolah.test', TEST_PASSWORD, '10.20.0.1')).status).toBe(200);
  });

  it('never locks a shared school address where many staff each mistype once', async () => {
    const t = await app({ LOGIN_MAX_FAILURES_PER_IP: '3' });
    const school = '198.51.100.10';
    for (let i = 0; i < 10; i++) {
      const email = `staf${i}@sekolah.test`;
      await t.signIn('custodian', email);
      expect((await login(t, email, 'salah ketik', school)).status).toBe(401);
      expect((await login(t, email, TEST_PASSWORD, school)).status).toBe(200);
    }
  });

  it('throttles an address that sprays passwords over many accounts, except for accounts known there', async () => {
    const t = await app({ LOGIN_MAX_FAILURES_PER_IP: '5' });
    const school = '198.51.100.20';
    await t.signIn('custodian', 'lama@sekolah.test');
    expect((await login(t, 'lama@sekolah.test', TEST_PASSWORD, school)).status).toBe(200);
    await t.signIn('custodian', 'baru@sekolah.test');
    for (let i = 0; i < 5; i++) {
      expect((await login(t, `acak${i}@sekolah.test`, 'password1', school)).status).toBe(401);
    }
    expect((await login(t, 'baru@sekolah.test', TEST_PASSWORD, school)).status).toBe(429);
    expect((await login(t, 'lama@sekolah.test', TEST_PASSWORD, school)).status).toBe(200);
    expect((await login(t, 'baru@sekolah.test', TEST_PASSWORD, '10.9.9.9')).status).toBe(200);
  });

  it('holds across two API processes on one database and survives a restart', async () => {
    const first = await app();
    const second = twinOf(first);
    await first.signIn('inventory_staff', 'gudang@sekolah.test');
    // Failures split between the two processes count as one pair's.
    for (const t of [first, second, first, second]) {
      expect((await login(t, 'gudang@sekolah.test', 'salah', '203.0.113.9')).status).toBe(401);
    }
    expect((await login(first, 'gudang@sekolah.test', TEST_PASSWORD, '203.0.113.9')).status).toBe(
      429,
    );
    expect((await login(second, 'gudang@sekolah.test', TEST_PASSWORD, '203.0.113.9')).status).toBe(
      429,
    );

    await second.close();
    apps.splice(apps.indexOf(second), 1);
    const restarted = twinOf(first);
    expect(
      (await login(restarted, 'gudang@sekolah.test', TEST_PASSWORD, '203.0.113.9')).status,
    ).toBe(429);
    advance(1000);
    expect(
      (await login(restarted, 'gudang@sekolah.test', TEST_PASSWORD, '203.0.113.9')).status,
    ).toBe(200);
  });
});
