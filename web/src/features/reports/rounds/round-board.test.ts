import { describe, expect, it } from 'vitest';
import { newId, type RoundTemplate } from '@urs/sync-protocol';
import { testRoundCompletion, testRoundTemplate } from '../../../test/round.js';
import { roundBoard, roundsToday, taskCounts, type RoundBoard } from './round-board.js';

const WIB = 420;
const CUSTODIAN = { id: newId(), role: 'custodian' as const };
const GARDENER = { id: newId(), role: 'gardener' as const };

const template = testRoundTemplate;
const completion = (tpl: RoundTemplate, date: string, at: string) =>
  testRoundCompletion(tpl, date, at, CUSTODIAN.id);

/** 3 Dec 2026, 07:00 in WIB (00:00 UTC). */
const MORNING = Date.parse('2026-12-03T00:00:00.000Z');

describe("the user's rounds on /tasks", () => {
  it("lists today's round of the user's role, due at its time in the school's day", () => {
    const tpl = template();
    const board = roundBoard([tpl], [], CUSTODIAN, MORNING, WIB);
    expect(board.today.map((r) => r.date)).toEqual(['2026-12-03']);
    expect(board.today[0]?.dueMs).toBe(Date.parse('2026-12-03T01:00:00.000Z'));
    // Tomorrow's is the next one of the template, once.
    expect(board.upcoming.map((r) => r.date)).toEqual(['2026-12-04']);
    // Yesterday's window closed at the start of today: missed, not offered.
    expect(board.overdue).toEqual([]);
    expect(roundBoard([tpl], [], GARDENER, MORNING, WIB).today).toEqual([]);
  });

  it('reckons the day in the school offset, not the device zone', () => {
    // 23:30 UTC on 2 Dec is 06:30 on 3 Dec in WIB: today is the 3rd.
    const board = roundBoard([template()], [], CUSTODIAN, Date.parse('2026-12-02T23:30:00Z'), WIB);
    expect(board.today.map((r) => r.date)).toEqual(['2026-12-03']);
  });

  it('moves a round past its due time to overdue, and a done one to done', () => {
    const tpl = template();
    const nine = MORNING + 2 * 3600_000;
    expect(roundBoard([tpl], [], CUSTODIAN, nine, WIB).overdue.map((r) => r.date)).toEqual([
      '2026-12-03',
    ]);
    const done = completion(tpl, '2026-12-03', '2026-12-03T00:30:00.000Z');
    const board = roundBoard([tpl], [done], CUSTODIAN, nine, WIB);
    expect(board.overdue).toEqual([]);
    expect(board.done.map((r) => r.completion?.id)).toEqual([done.id]);
  });

  it('keeps an every-N-days round not done overdue until its window closes', () => {
    const tpl = template({ schedule: { kind: 'every_n_days', n: 3 }, start_date: '2026-12-01' });
    const board = roundBoard([tpl], [], CUSTODIAN, MORNING, WIB);
    expect(board.overdue.map((r) => r.date)).toEqual(['2026-12-01']);
    expect(board.upcoming.map((r) => r.date)).toEqual(['2026-12-04']);
  });

  it('shows an after-completion round done today as done, not as gone', () => {
    const tpl = template({
      schedule: { kind: 'after_completion', n: 90 },
      start_date: '2026-12-03',
    });
    const done = completion(tpl, '2026-12-03', '2026-12-03T00:10:00.000Z');
    const board = roundBoard([tpl], [done], CUSTODIAN, MORNING, WIB);
    expect(board.done.map((r) => r.date)).toEqual(['2026-12-03']);
    expect(board.today).toEqual([]);
    expect(roundsToday([tpl], [done], MORNING, WIB)).toEqual({ done: 1, due: 1 });
  });

  it('skips paused days and counts the school’s rounds done and due today', () => {
    const paused = template({ pauses: [{ from: '2026-12-02', to: null }], paused: true });
    const daily = template();
    expect(roundBoard([paused], [], CUSTODIAN, MORNING, WIB).today).toEqual([]);
    const done = completion(daily, '2026-12-03', '2026-12-03T00:30:00.000Z');
    expect(roundsToday([paused, daily], [done], MORNING, WIB)).toEqual({ done: 1, due: 1 });
  });
});

describe("the menu's and the dashboard's counts", () => {
  it('add the rounds overdue, due today and next to the jobs; the badge counts rounds to do today', () => {
    const task = { template: testRoundTemplate({}) } as unknown as RoundBoard['today'][number];
    const rounds: RoundBoard = {
      overdue: [task],
      today: [task, task],
      upcoming: [task],
      done: [task],
    };
    expect(taskCounts({ overdue: 1, today: 2, upcoming: 4, open: 7 }, rounds)).toEqual({
      overdue: 2,
      today: 4,
      upcoming: 5,
      open: 10,
    });
  });
});
