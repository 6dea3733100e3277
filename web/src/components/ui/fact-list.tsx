import type { ReactNode } from 'react';
import './fact-list.css';

/** A detail screen's label-and-value pairs, one `<div>` each so a grid can lay them out. */
export function FactList({
  facts,
  className,
  itemClassName,
}: {
  facts: readonly (readonly [label: string, value: ReactNode])[];
  className: string;
  itemClassName?: string;
}) {
  return (
    <dl className={className}>
      {facts.map(([label, value]) => (
        <div key={label} className={itemClassName}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
