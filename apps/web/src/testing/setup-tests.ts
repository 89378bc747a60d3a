import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';

// Modals and routes are lazy chunks: the first import of one in a test run is transformed on the spot and can take
// over a second on a busy machine, so queries that wait (findBy..., waitFor) wait up to 5 s.
configure({ asyncUtilTimeout: 5000 });

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

// jsdom has <dialog> but not its modal behaviour: open and close it, and let Escape raise `cancel` as browsers do.
// (Focus trapping and inertness come from the browser; the Playwright tests check them in Chromium.)
if (!HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n('en');
});

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
  localStorage.clear();
  useAuthStore.getState().reset();
  useModalStore.getState().close();
  document.body.style.overflow = '';
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
