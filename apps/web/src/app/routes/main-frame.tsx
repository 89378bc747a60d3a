import { ModalHost } from '@/app/modal-host';
import { MainLayout } from '@/components/layouts/main-layout';

/** The protected pages' frame: the main layout with the modal host over it. */
export function MainFrame() {
  return (
    <MainLayout>
      <ModalHost />
    </MainLayout>
  );
}
