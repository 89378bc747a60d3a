import './check-field.css';
import type { ReactNode } from 'react';

/**
 * A checkbox with its label and, under it, what ticking it does. The input
 * is the child; it names `${id}-hint` in its aria-describedby.
 */
export function CheckField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <div className="check-with-hint">
      {children}
      <div>
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-hint`} className="check-with-hint__hint">
          {hint}
        </p>
      </div>
    </div>
  );
}
