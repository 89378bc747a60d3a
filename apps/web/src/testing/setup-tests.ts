import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18n, initI18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';

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
