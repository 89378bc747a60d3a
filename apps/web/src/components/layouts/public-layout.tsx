import './public-layout.css';
import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/ui/language-select';
import { Logo } from '@/components/ui/logo';

/** The separate layout of the public routes (spec §2): everyone may pass. */
export function PublicLayout() {
  return (
    <div className="public-shell">
      <header className="public-header">
        <Logo className="public-header__logo" />
        <LanguageSelect />
      </header>
      <main className="public-main" id="main">
        <Outlet />
      </main>
    </div>
  );
}
