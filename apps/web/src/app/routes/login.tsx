import './login.css';
import { useCallback } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { PAGE_PATHS } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';

/** Where a guest was headed before the guard sent it here (spec §2), else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === PAGE_PATHS.login) return PAGE_PATHS.home;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

export function LoginRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const target = returnPath(location.state);
  const onSuccess = useCallback(() => navigate(target, { replace: true }), [navigate, target]);
  return (
    <div className="login-route">
      <LoginForm onSuccess={onSuccess} />
    </div>
  );
}
