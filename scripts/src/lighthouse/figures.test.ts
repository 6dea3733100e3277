import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { figuresOf } from './figures.js';

type Audit = Partial<Result['audits'][string]>;

/** The parts of a Lighthouse result figuresOf reads; a real one has hundreds more audits. */
function result(audits: Record<string, Audit>, refs: Record<string, string[]>): Result {
  const categories = Object.fromEntries(
    Object.entries(refs).map(([id, ids]) => [
      id,
      {
        id,
        score: id === 'performance' ? 0.87 : 1,
        auditRefs: ids.map((ref) => ({
          id: ref,
          weight: 1,
          group: ref.startsWith('metric-') ? 'metrics' : undefined,
        })),
      },
    ]),
  );
  const full = Object.fromEntries(
    Object.entries(audits).map(([id, audit]) => [id, { id, title: id, ...audit }]),
  );
  return { audits: full, categories, environment: { benchmarkIndex: 1500 } } as unknown as Result;
}

const METRICS: Record<string, Audit> = {
  'largest-contentful-paint': { numericValue: 2600 },
  'first-contentful-paint': { numericValue: 1800 },
  'total-blocking-time': { numericValue: 190 },
  metrics: {
    details: {
      type: 'debugdata',
      items: [{ observedFirstContentfulPaint: 210, observedLargestContentfulPaint: 480 }],
    },
  },
  'largest-contentful-paint-element': {
    details: {
      type: 'list',
      items: [
        {
          type: 'table',
          headings: [],
          items: [{ node: { type: 'node', selector: 'main.auth > h1.auth-title' } }],
        },
      ],
    },
  },
  'resource-summary': {
    details: {
      type: 'table',
      headings: [],
      items: [
        { resourceType: 'total', transferSize: 200_000, requestCount: 29 },
        { resourceType: 'script', transferSize: 170_000, requestCount: 24 },
      ],
    },
  },
};

describe('figures of one Lighthouse run', () => {
  it('reads the scores, paints, blocking time and the bytes that crossed the network', () => {
    const figures = figuresOf(result(METRICS, { performance: [], accessibility: [] }));
    expect(figures).toMatchObject({
      performance: 0.87,
      accessibility: 1,
      lcpMs: 2600,
      fcpMs: 1800,
      tbtMs: 190,
      transferredBytes: 200_000,
      scriptBytes: 170_000,
      requests: 29,
      benchmarkIndex: 1500,
      flagged: [],
      observed: { fcpMs: 210, lcpMs: 480 },
      lcpElement: 'main.auth > h1.auth-title',
    });
  });

  it('names the audits that lost points, not the metrics, passes or audits that never score', () => {
    const lhr = result(
      {
        ...METRICS,
        'metric-lcp': { score: 0.5, scoreDisplayMode: 'numeric' },
        'color-contrast': { score: 0, scoreDisplayMode: 'binary', title: 'Contrast' },
        'image-alt': { score: 1, scoreDisplayMode: 'binary' },
        'aria-valid': { score: null, scoreDisplayMode: 'notApplicable' },
        interactive: { score: 0.6, scoreDisplayMode: 'numeric', displayValue: '4.0 s' },
      },
      {
        performance: ['metric-lcp', 'interactive'],
        accessibility: ['color-contrast', 'image-alt', 'aria-valid'],
      },
    );
    expect(figuresOf(lhr).flagged).toEqual([
      'performance / interactive (interactive): 4.0 s',
      'accessibility / color-contrast (Contrast)',
    ]);
  });

  it('refuses a result without the figures instead of printing zeros', () => {
    expect(() => figuresOf(result({}, { performance: [], accessibility: [] }))).toThrow(
      /largest-contentful-paint/,
    );
  });
});
