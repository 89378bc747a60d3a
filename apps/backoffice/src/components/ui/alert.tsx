import './alert.css';
import type { ReactNode } from 'react';

type AlertProps = {
  tone?: 'danger' | 'success' | 'info' | 'warning';
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
};

/** A message in a coloured box. Failures are announced at once (role=alert); the others politely (role=status). */
export function Alert({ tone = 'danger', title, children, action }: AlertProps) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {title && <strong>{title}</strong>}
      {children && <div>{children}</div>}
      {action}
    </div>
  );
}
