import './main-layout.css';
import { type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FooterMenu } from '@/app/layout/footer-menu';
import { Header } from '@/app/layout/header';
import { Spinner } from '@/components/ui/spinner';
import { useBodyScrollLock } from '@/hooks/use-body-scroll-lock';

/** The main frame of spec §2: header, content, footer menu; `children` is what overlays them (the modal host). */
export function MainLayout({ children }: { children?: ReactNode }) {
  useBodyScrollLock();
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main" id="main">
        {/* Header and footer stay while a page's code loads. */}
        <Suspense fallback={<Spinner className="page-loading" />}>
          <Outlet />
        </Suspense>
      </main>
      <FooterMenu />
      {children}
    </div>
  );
}
