import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';

/**
 * The jsdom set-up both apps' tests share (each app's setup-tests.ts imports
 * this first, then resets its own stores).
 *
 * Screens and modals are lazy chunks: the first import of one in a test run is
 * transformed on the spot and can take over a second on a busy machine, so
 * queries that wait (findBy..., waitFor) wait up to 15 s: beside npm test's
 * other lane, 5 s was passed (vitest-options.ts).
 */
configure({ asyncUtilTimeout: 15_000 });

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

/** What each app's test set-up hands over: its i18n, its query cache, and how to reset its own stores. */
export type AppUnderTest = {
  i18n: { isInitialized: boolean; language: string; changeLanguage: (language: 'en') => Promise<unknown> };
  /** Called with 'en' (every app has English). */
  initI18n: (language: 'en') => Promise<unknown>;
  queryClient: { clear: () => void };
  resetStores: () => void;
};

/** Every test starts in English, signed out, with an empty cache, real timers and nothing stubbed. */
export function resetBetweenTests(app: AppUnderTest): void {
  beforeAll(async () => {
    if (!app.i18n.isInitialized) await app.initI18n('en');
  });
  afterEach(async () => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    app.queryClient.clear();
    localStorage.clear();
    app.resetStores();
    if (app.i18n.language !== 'en') await app.i18n.changeLanguage('en');
  });
}
