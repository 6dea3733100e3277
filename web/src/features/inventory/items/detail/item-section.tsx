import type { ReactNode } from 'react';

/** One titled card of the item detail, named by its heading for screen readers. */
export function ItemSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card inv-section" aria-labelledby={id}>
      <h3 id={id} className="inv-section-title">
        {title}
      </h3>
      {children}
    </section>
  );
}
