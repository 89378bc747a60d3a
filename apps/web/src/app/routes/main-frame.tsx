// Every English string (the entry chunk has only the first screen's): registered before this route draws.
import '@/lib/english-texts';
import { lazy, Suspense } from 'react';
import { ModalHost } from '@/app/modal-host';
import { MainLayout } from '@/components/layouts/main-layout';

// Its own chunk: the reminder and its strings load after the frame has drawn.
const RealityCheck = lazy(() =>
  import('@/features/protection/components/reality-check').then((m) => ({ default: m.RealityCheck })),
);

/** The protected pages' frame: the main layout with the modal host and the reality check over it. */
export function MainFrame() {
  return (
    <MainLayout>
      <ModalHost />
      <Suspense fallback={null}>
        <RealityCheck />
      </Suspense>
    </MainLayout>
  );
}
