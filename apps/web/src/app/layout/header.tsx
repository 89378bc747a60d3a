import { lazy, Suspense } from 'react';
import './header.css';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HomeIcon, LogoutIcon } from '@/components/ui/icons';
import { LanguageSelect } from '@/components/ui/language-select';
import { Logo } from '@/components/ui/logo';
import { PAGE_PATHS } from '@/config/paths';
import { useLogout } from '@/lib/auth';
import { useHasSession } from '@/lib/session';

/** Spec §2 header: home button (pointer only when signed in), logo, language select, logout. */
// Its own chunk, only for a signed-in player: the login screen's first load does not carry it.
const NotificationBell = lazy(() => import('@/features/notifications/components/notification-bell'));

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isAuthenticated = useHasSession();
  const logout = useLogout();

  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button app-header__home"
        style={{ cursor: isAuthenticated ? 'pointer' : 'default' }}
        onClick={() => {
          if (isAuthenticated) navigate(PAGE_PATHS.home);
        }}
        aria-label={t('header.home')}
      >
        <HomeIcon />
      </button>
      <Logo className="app-header__logo" />
      <div className="app-header__end">
        <LanguageSelect />
        {isAuthenticated && (
          <Suspense fallback={null}>
            <NotificationBell />
          </Suspense>
        )}
        <button
          type="button"
          className="icon-button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-label={logout.isPending ? t('header.loggingOut') : t('header.logout')}
          title={t('header.logout')}
        >
          <LogoutIcon />
        </button>
      </div>
    </header>
  );
}
