import type { Result } from 'lighthouse';

/** What the issue asks the Lighthouse script to print for one page and one run. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** Bytes that crossed the network (compressed, headers included), all requests. */
  transferredBytes: number;
  scriptBytes: number;
  requests: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster, ~1000+ a desktop). */
  benchmarkIndex: number;
  /** Audits below a full score, with what Lighthouse says about them, to say what to fix. */
  flagged: string[];
  /**
   * What the browser really painted, unthrottled (the simulated FCP and LCP above are derived
   * from it): an LCP observed later than the FCP makes the simulation count every request begun
   * in between as holding the largest paint back.
   */
  observed: { fcpMs: number; lcpMs: number };
  /** Lighthouse's selector of the LCP element. */
  lcpElement: string;
}

const numeric = (lhr: Result, id: string): number => {
  const value = lhr.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse result has no ${id}`);
  return value;
};

const score = (lhr: Result, category: string): number => {
  const value = lhr.categories[category]?.score;
  if (value === undefined || value === null)
    throw new Error(`Lighthouse did not score ${category}`);
  return value;
};

interface SummaryRow {
  resourceType?: unknown;
  transferSize?: unknown;
  requestCount?: unknown;
}

/** Lighthouse's resource summary row of one type (`total`, `script`, ...). */
function summaryRow(lhr: Result, type: string): { bytes: number; requests: number } {
  const details = lhr.audits['resource-summary']?.details;
  const items = details !== undefined && 'items' in details ? (details.items as SummaryRow[]) : [];
  const row = items.find((item) => item.resourceType === type);
  return {
    bytes: typeof row?.transferSize === 'number' ? row.transferSize : 0,
    requests: typeof row?.requestCount === 'number' ? row.requestCount : 0,
  };
}

/**
 * Audits of the two categories that lost points. Metrics are left out (their scores are the
 * figures themselves), and so are informative and not-applicable audits, which never score.
 */
function flaggedAudits(lhr: Result): string[] {
  const flagged: string[] = [];
  for (const id of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      if (ref.group === 'metrics') continue;
      const audit = lhr.audits[ref.id];
      if (audit === undefined || audit.score === null || audit.score >= 1) continue;
      if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric') continue;
      if (id === 'performance' && ref.weight === 0 && audit.score >= 0.9) continue;
      const value = audit.displayValue === undefined ? '' : `: ${audit.displayValue}`;
      flagged.push(`${id} / ${audit.id} (${audit.title})${value}`);
    }
  }
  return flagged;
}

interface ObservedMetrics {
  observedFirstContentfulPaint?: unknown;
  observedLargestContentfulPaint?: unknown;
}

function observedPaints(lhr: Result): PageFigures['observed'] {
  const details = lhr.audits['metrics']?.details;
  const items =
    details !== undefined && 'items' in details ? (details.items as ObservedMetrics[]) : [];
  const { observedFirstContentfulPaint: fcp, observedLargestContentfulPaint: lcp } = items[0] ?? {};
  if (typeof fcp !== 'number' || typeof lcp !== 'number') {
    throw new Error('Lighthouse result has no observed paints');
  }
  return { fcpMs: fcp, lcpMs: lcp };
}

interface ElementTable {
  items?: { items?: { node?: { selector?: unknown } }[] }[];
}

function lcpElement(lhr: Result): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    ElementTable | undefined;
  const selector = details?.items?.[0]?.items?.[0]?.node?.selector;
  return typeof selector === 'string' ? selector : '(none)';
}

export function figuresOf(lhr: Result): PageFigures {
  const total = summaryRow(lhr, 'total');
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    transferredBytes: total.bytes,
    scriptBytes: summaryRow(lhr, 'script').bytes,
    requests: total.requests,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    flagged: flaggedAudits(lhr),
    observed: observedPaints(lhr),
    lcpElement: lcpElement(lhr),
  };
}
