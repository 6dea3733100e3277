import { describe, expect, it } from 'vitest';
import * as contractsModule from './contracts.js';
import { runCheck } from './contracts.js';
import { createContractChecker } from './contract-check.js';
import type { ContractMessage, ContractReply } from './contract-types.js';
import { testUser } from '../test/user.js';

const user = testUser();
const pull = {
  protocol_version: 1,
  changes: [],
  cursor: '5',
  has_more: false,
  unread_announcements: 0,
  me: user,
};

/**
 * A stand-in for the module worker: it answers each message on a later task with what
 * contracts.worker.ts would, or in the order `hold` releases them, or fails like a worker whose
 * script could not load.
 */
class FakeWorker {
  onmessage: ((event: MessageEvent<ContractReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  onmessageerror: (() => void) | null = null;
  readonly received: ContractMessage[] = [];
  terminated = false;
  held: ContractMessage[] | null = null;

  postMessage(message: ContractMessage): void {
    // A worker gets a structured clone: a function cannot cross, as in a browser.
    const copy = structuredClone(message);
    this.received.push(copy);
    if (this.held !== null) this.held.push(copy);
    else setTimeout(() => this.answer(copy), 0);
  }

  answer(message: ContractMessage): void {
    const reply: ContractReply = { id: message.id, outcome: runCheck(message.request) };
    this.onmessage?.({ data: reply } as MessageEvent<ContractReply>);
  }

  fail(): void {
    this.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
  }

  terminate(): void {
    this.terminated = true;
  }
}

function checkerWith(worker: FakeWorker) {
  let made = 0;
  const checker = createContractChecker(() => {
    made++;
    return worker as unknown as Worker;
  });
  return { checker, made: () => made };
}

describe('runCheck (the worker’s and the fallback’s check)', () => {
  it('reads and checks a pull answer, and keeps what the schema returns', () => {
    const outcome = runCheck({ name: 'pull', text: JSON.stringify({ ...pull, extra: 1 }) });
    expect(outcome.ok).toBe(true);
    // The schema's own output: unknown keys dropped, the count of what is left defaulted.
    expect(outcome).toEqual({ ok: true, value: { ...pull, remaining: 0 } });
  });

  it('tells a body that is not JSON from one that breaks the contract', () => {
    expect(runCheck({ name: 'push', text: '<html>' })).toEqual({ ok: false, problem: 'not_json' });
    expect(runCheck({ name: 'push', text: '{"results":"nope"}' })).toEqual({
      ok: false,
      problem: 'breaks_contract',
    });
    expect(runCheck({ name: 'user', value: { ...user, role: 'janitor' } })).toEqual({
      ok: false,
      problem: 'breaks_contract',
    });
  });
});

describe('createContractChecker', () => {
  it('checks on this thread when there is no worker', async () => {
    const checker = createContractChecker(null);
    await expect(checker.check({ name: 'user', value: user })).resolves.toEqual({
      ok: true,
      value: user,
    });
    await expect(checker.check({ name: 'pull', text: 'nope' })).resolves.toEqual({
      ok: false,
      problem: 'not_json',
    });
  });

  it('starts one worker and matches each answer to its request, in any order', async () => {
    const worker = new FakeWorker();
    worker.held = [];
    const { checker, made } = checkerWith(worker);
    const first = checker.check({ name: 'pull', text: JSON.stringify(pull) });
    const second = checker.check({ name: 'user', value: { ...user, role: 'janitor' } });
    const third = checker.check({ name: 'user', value: user });
    expect(made()).toBe(1);
    expect(worker.received.map((m) => m.request.name)).toEqual(['pull', 'user', 'user']);
    for (const message of [...worker.held].reverse()) worker.answer(message);
    await expect(first).resolves.toEqual({ ok: true, value: { ...pull, remaining: 0 } });
    await expect(second).resolves.toEqual({ ok: false, problem: 'breaks_contract' });
    await expect(third).resolves.toEqual({ ok: true, value: user });
  });

  it('starts the worker when warmed, before the first answer arrives', () => {
    const worker = new FakeWorker();
    const { checker, made } = checkerWith(worker);
    checker.warm();
    checker.warm();
    expect(made()).toBe(1);
    expect(worker.received).toEqual([]);
  });

  it('answers the waiting checks and every later one here when the worker fails', async () => {
    const worker = new FakeWorker();
    worker.held = [];
    const { checker, made } = checkerWith(worker);
    const waiting = checker.check({ name: 'pull', text: JSON.stringify(pull) });
    worker.fail();
    expect(worker.terminated).toBe(true);
    await expect(waiting).resolves.toEqual({ ok: true, value: { ...pull, remaining: 0 } });
    await expect(checker.check({ name: 'push', text: '{}' })).resolves.toEqual({
      ok: false,
      problem: 'breaks_contract',
    });
    expect(made()).toBe(1);
    expect(worker.received).toHaveLength(1);
  });

  it('checks here when no worker can be made', async () => {
    const checker = createContractChecker(() => {
      throw new Error('Worker is not supported');
    });
    await expect(checker.check({ name: 'user', value: user })).resolves.toEqual({
      ok: true,
      value: user,
    });
  });

  it('checks here a value the worker cannot be sent', async () => {
    const worker = new FakeWorker();
    const { checker } = checkerWith(worker);
    const value = { ...user, photo_url: () => 'not data' };
    await expect(checker.check({ name: 'user', value })).resolves.toEqual({
      ok: false,
      problem: 'breaks_contract',
    });
    expect(worker.received).toEqual([]);
  });

  it('loads the schemas here again after a failed load, so a later check succeeds', async () => {
    let attempts = 0;
    const checker = createContractChecker(null, () => {
      attempts += 1;
      return attempts === 1
        ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
        : Promise.resolve(contractsModule);
    });
    await expect(checker.check({ name: 'user', value: user })).rejects.toThrow('Failed to fetch');
    await expect(checker.check({ name: 'user', value: user })).resolves.toEqual({
      ok: true,
      value: user,
    });
    expect(attempts).toBe(2);
  });
});
