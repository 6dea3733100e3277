import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractMessage, ContractReply } from './contract-types.js';
import { testUser } from '../test/user.js';

/** The worker's global scope, as much of it as contracts.worker.ts uses. */
interface FakeScope {
  onmessage: ((event: { data: ContractMessage }) => void) | null;
  postMessage: (reply: ContractReply) => void;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe('the contract worker', () => {
  it('answers each check, then builds the Intl formatters once, after its first answer', async () => {
    vi.useFakeTimers();
    const replies: ContractReply[] = [];
    const scope: FakeScope = { onmessage: null, postMessage: (reply) => replies.push(reply) };
    vi.stubGlobal('self', scope);
    // Spies that build the real formatter: called with `new`, a bare spy gives back no formatter
    // (and the worker's warm-up swallows what fails).
    const { DateTimeFormat, NumberFormat } = Intl;
    const dates = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof DateTimeFormat>
    ) {
      return new DateTimeFormat(...args);
    });
    const numbers = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      return new NumberFormat(...args);
    });
    await import('./contracts.worker.js');
    expect(scope.onmessage).not.toBeNull();

    const user = testUser();
    scope.onmessage?.({ data: { id: 1, request: { name: 'user', value: user } } });
    // The answer goes first; the formatters wait for a task of their own.
    expect(replies).toEqual([{ id: 1, outcome: { ok: true, value: user } }]);
    expect(dates).not.toHaveBeenCalled();
    expect(numbers).not.toHaveBeenCalled();

    await vi.runAllTimersAsync();
    expect(dates).toHaveBeenCalledTimes(1);
    expect(dates).toHaveBeenCalledWith('id-ID', { dateStyle: 'medium', timeStyle: 'short' });
    expect(numbers).toHaveBeenCalledTimes(1);
    expect(numbers).toHaveBeenCalledWith('id-ID');
    // Both were built, not refused (the warm-up swallows what fails).
    expect(dates.mock.results[0]?.type).toBe('return');
    expect(numbers.mock.results[0]?.type).toBe('return');

    scope.onmessage?.({ data: { id: 2, request: { name: 'user', text: '{' } } });
    await vi.runAllTimersAsync();
    expect(replies[1]).toEqual({ id: 2, outcome: { ok: false, problem: 'not_json' } });
    expect(dates).toHaveBeenCalledTimes(1);
    expect(numbers).toHaveBeenCalledTimes(1);
  });
});
