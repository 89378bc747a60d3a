import './sign-in.css';
import { type Location, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { PAGES } from '@/config/paths';
import { SignInForm } from '@/features/auth/components/sign-in-form';

/** Where the operator was headed before the guard sent them here, else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname === PAGES.signIn) return PAGES.dashboard;
  return `${from.pathname}${from.search ?? ''}`;
}

export function SignInRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="sign-in-page">
      <div className="sign-in-page__language">
        <LanguageSwitch />
      </div>
      <main id="main" className="sign-in-page__main">
        <SignInForm onSignedIn={() => navigate(returnPath(location.state), { replace: true })} />
      </main>
    </div>
  );
}
