import { resetBetweenTests } from '@app/web-kit/testing/dom-setup';
import { i18n, initI18n } from '@/lib/i18n';
// Every English string, as the register route and the signed-in frame have them (a test renders their parts alone).
import '@/lib/english-texts';
import { queryClient } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';

// jsdom lacks the layout APIs the carousel library observes; these inert versions let it mount.
class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
Object.assign(window, {
  IntersectionObserver: window.IntersectionObserver ?? InertObserver,
  ResizeObserver: window.ResizeObserver ?? InertObserver,
  matchMedia:
    window.matchMedia ??
    ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent: () => false,
    })),
});

resetBetweenTests({
  i18n,
  initI18n,
  queryClient,
  resetStores: () => {
    useAuthStore.getState().reset();
    useModalStore.getState().close();
    document.body.style.overflow = '';
  },
});
