import type { OperatorRole } from '@app/contracts/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PAGES } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';

/**
 * Signed-in operators only: anyone else goes to sign-in, which returns them
 * here afterwards. With `needs="admin"`, an operator sees that the screen is
 * for admins (the server refuses their calls anyway).
 */
export function RequireOperator({ needs, children }: { needs?: OperatorRole; children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSessionStore((state) => state.session);
  if (!session) return <Navigate to={PAGES.signIn} replace state={{ from: location }} />;
  if (needs === 'admin' && session.operator.role !== 'admin') {
    return <Alert tone="warning">{t('common.adminOnly')}</Alert>;
  }
  return children ?? <Outlet />;
}
