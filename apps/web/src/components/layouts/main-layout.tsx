import { Outlet } from 'react-router';
import { FooterMenu } from '@/components/layouts/footer-menu';
import { Header } from '@/components/layouts/header';
import { ModalHost } from '@/components/modals/modal-host';
import { useBodyScrollLock } from '@/hooks/use-body-scroll-lock';

/** The main frame of spec §2: header, content, footer menu and the modal host. */
export function MainLayout() {
  useBodyScrollLock();
  return (
    <div className="app-shell">
      <Header />
      <main className="app-main" id="main">
        <Outlet />
      </main>
      <FooterMenu />
      <ModalHost />
    </div>
  );
}
