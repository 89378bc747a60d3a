import { useCallback } from 'react';
import { type Location, useLocation, useNavigate } from 'react-router';
import { LoginForm } from '@/features/auth/components/login-form';
import { LOGIN_PATH } from '@/lib/auth';

/** Where a guest was headed before the guard sent it here (spec §2), else home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === LOGIN_PATH) return '/';
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
