import './form-alert.css';
import type { ReactNode } from 'react';

type FormAlertProps = {
  /** The failure in a few words, in bold. */
  title?: string;
  /** The detail, e.g. the server's message; nothing when empty. */
  children?: ReactNode;
  /** A way forward under the text, e.g. a retry button. */
  action?: ReactNode;
  className?: string;
};

/** A failure told in a red box and announced to screen readers: a title line, the detail when there is one, an action. */
export function FormAlert({ title, children, action, className = '' }: FormAlertProps) {
  return (
    <div className={`form-alert ${className}`} role="alert">
      {title && <strong>{title}</strong>}
      {children && <span>{children}</span>}
      {action}
    </div>
  );
}
