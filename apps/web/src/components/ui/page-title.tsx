import './page-title.css';
import type { ReactNode } from 'react';

/** A page's heading block. */
export function PageTitle({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <div className="page">
      <h1 className="page__title">{title}</h1>
      {subtitle && <p className="page__subtitle">{subtitle}</p>}
      {children}
    </div>
  );
}
