import type { ReactNode } from 'react';
import './stat-grid.css';

/** The colour of a card's left edge, for figures that call for attention (low stock...). */
export type StatTone = 'primary' | 'warning' | 'muted' | 'success';

export interface Stat {
  id: string;
  label: string;
  value: ReactNode;
  tone?: StatTone;
  testId?: string;
}

/** A row of figure cards, each a label over a big number. */
export function StatGrid({ stats, testId }: { stats: readonly Stat[]; testId?: string }) {
  return (
    <dl className="stat-grid" data-testid={testId}>
      {stats.map((stat) => (
        <div
          key={stat.id}
          className={stat.tone === undefined ? 'stat-card' : `stat-card stat-${stat.tone}`}
          data-testid={stat.testId}
        >
          <dt className="stat-label">{stat.label}</dt>
          <dd className="stat-value">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}
