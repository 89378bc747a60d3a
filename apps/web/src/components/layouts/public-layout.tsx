import './public-layout.css';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LanguageSelect } from '@/components/ui/language-select';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';

/** The separate layout of the public routes (spec §2): everyone may pass. */
export function PublicLayout() {
  return (
    <div className="public-shell">
      <header className="public-header">
        <Logo className="public-header__logo" />
        <LanguageSelect />
      </header>
      <main className="public-main" id="main">
        {/* The header shows at once; only the page waits for its code. */}
        <Suspense fallback={<Spinner className="page-loading" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
