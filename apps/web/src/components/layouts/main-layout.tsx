import './main-layout.css';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { FooterMenu } from '@/components/layouts/footer-menu';
import { Header } from '@/components/layouts/header';
import { useBodyScrollLock } from '@/hooks/use-body-scroll-lock';

/** The main frame of spec §2: header, content, footer menu; `children` is what overlays them (the modal host). */
export function MainLayout({ children }: { children?: ReactNode }) {
  useBodyScrollLock();
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <FooterMenu />
      {children}
    </div>
  );
}
