import './success-view.css';
import type { ReactNode } from 'react';
import { CheckIcon } from '@/components/ui/first-screen-icons';

/** A success message with a popping check badge (login success, money requests sent, password changed). */
export function SuccessView({ children }: { children: ReactNode }) {
  return (
    <div className="success-view" role="status">
      <span className="success-view__badge" aria-hidden="true">
        <CheckIcon />
      </span>
      <p className="success-view__text">{children}</p>
    </div>
  );
}
