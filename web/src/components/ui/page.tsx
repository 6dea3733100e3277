import type { ReactNode } from 'react';

/** A screen's frame inside the shell: the title every screen has, then its content. */
export function Page({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="page" aria-labelledby="page-title">
      <header className="page-header">
        <h1 id="page-title" className="page-title">
          {title}
        </h1>
        {actions !== undefined && <div className="page-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
