import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  dayString,
  occurrenceTiming,
  occurrencesBetween,
  type RoundTemplateDefinition,
} from '@urs/sync-protocol';
import { planOf, type RoundTemplateRow } from '../data/rounds.js';
import { segmentsOf } from './round-compliance-counts.js';

/*
 * segmentsOf counts a segment's occurrences by arithmetic and lists only its last days: held
 * here to the contract's occurrencesBetween (which lists every day) over random templates of
 * every kind, versions, pauses (open ones too), end dates, archiving, periods across month
 * ends and leap days (February 2028), and nows before, inside and after the period, at
 * UTC+07:00 and UTC-05:00.
 */

type Schedule = RoundTemplateDefinition['schedule'];

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('segmentsOf counts as occurrencesBetween lists', () => {
  for (const offset of [7 * 60, -5 * 60]) {
    it(`at an offset of ${offset} minutes`, () => {
      const rnd = random(offset + 1000);
      const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
      const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
      const day = (from: string, n: number) => dayString(dayNumber(from) + n);
      const weekdays = () => [...new Set([int(1, 7), int(1, 7), int(1, 7)].slice(0, int(1, 3)))];
      const schedule = (): Schedule => {
        switch (int(0, 4)) {
          case 0:
            return { kind: 'daily' };
          case 1:
            return { kind: 'weekdays', weekdays: weekdays() };
          case 2:
            return { kind: 'every_n_days', n: pick([1, 2, 3, 7, 10, 30, 90, 365]) };
          case 3:
            return { kind: 'every_n_weeks', n: pick([1, 2, 3, 5, 52]), weekdays: weekdays() };
          default:
            return { kind: 'day_of_month', day: pick([1, 15, 28, 29, 30, 31]) };
        }
      };
      let checked = 0;
      let open = 0;
      for (let i = 0; i < 400; i++) {
        const start = day('2027-01-01', int(0, 700));
        const pauses = Array.from({ length: int(0, 2) }, () => {
          const from = day(start, int(-30, 600));
          return { from, to: rnd() < 0.25 ? null : day(from, int(0, 90)) };
        });
        const template = {
          id: `t${i}`,
          pauses,
          archivedOn: rnd() < 0.15 ? day(start, int(0, 800)) : null,
        } as unknown as RoundTemplateRow;
        const versions = Array.from({ length: int(1, 3) }, (_, v) => ({
          effectiveFrom: v === 0 ? '2026-01-01' : day(start, int(0, 700)),
          definition: {
            schedule: schedule(),
            start_date: start,
            end_date: rnd() < 0.2 ? day(start, int(0, 800)) : null,
            due_time: pick([null, '00:00', '06:30', '08:00', '23:59']),
          } as RoundTemplateDefinition,
        })).sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
        const from = day('2027-01-01', int(0, 900));
        const to = day(from, pick([0, 1, 27, 28, 29, 30, 31, 59, 365, 366, 500]));
        const nowMs = Date.parse(`${day(from, int(-20, 600))}T00:00:00Z`) + int(0, 47) * 1_800_000;
        const segments = segmentsOf(template, versions, from, to, nowMs, offset);
        // The same segments by listing every day, as the code before did.
        const listed = versions.flatMap((version, v) => {
          const next = versions[v + 1];
          const lo = v === 0 || version.effectiveFrom < from ? from : version.effectiveFrom;
          const hi = next === undefined ? to : day(next.effectiveFrom, -1);
          if (hi < lo) return [];
          const plan = planOf(version.definition, template);
          const days = occurrencesBetween(plan, lo, hi);
          const openCount = days.filter(
            (d) => occurrenceTiming(plan, version.definition.due_time, d, offset).closeMs > nowMs,
          ).length;
          return days.length === 0 ? [] : [{ definition: version.definition, days, openCount }];
        });
        expect(segments.length).toBe(listed.length);
        segments.forEach((segment, k) => {
          const want = listed[k];
          expect(segment.definition).toBe(want?.definition);
          expect(segment.total).toBe(want?.days.length);
          expect(segment.openCount).toBe(want?.openCount);
          // The stretches hold every occurrence, the open ones in open stretches.
          const days = want?.days.map(dayNumber) ?? [];
          const openFrom = days.length - (want?.openCount ?? 0);
          days.forEach((d, n) => {
            const holder = segment.stretches.find((s) => s.lo <= d && d <= s.hi);
            expect(holder?.open, dayString(d)).toBe(n >= openFrom);
          });
          checked += days.length;
          open += want?.openCount ?? 0;
        });
      }
      // Enough of both, so the comparison means something.
      expect(checked).toBeGreaterThan(20_000);
      expect(open).toBeGreaterThan(100);
    });
  }
});
