import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';

// Screens are lazy chunks: the first import of one in a run is transformed on the spot, so waits allow 5 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom has <dialog> but not its modal behaviour: open and close it, and let Escape raise `cancel` as browsers do.
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
  useSessionStore.setState({ session: null, endedBecause: null });
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
