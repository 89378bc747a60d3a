import { API_PATHS } from '@app/contracts/paths';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from '@/app/router';
import { PAGE_PATHS } from '@/config/paths';
import en from '@/locales/en';
import { enFirstScreen } from '@/locales/en-first-screen';
import { mockApi } from '@/testing/test-utils';

/** An i18next holding only what the entry chunk carries in English, and the keys it was asked for and lacked. */
async function firstScreenI18n() {
  const missing: string[] = [];
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'en',
    resources: { en: { translation: structuredClone(enFirstScreen) } },
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: (key) => {
      missing.push(key);
      return key;
    },
  });
  return { instance, missing };
}

describe("the login's first load carries only the first screen's English", () => {
  it('the login screen, its password toggle and its error draw every string from it (no key shown raw)', async () => {
    // No answer at all: the screen's own words (login.failedRetry), not a server message.
    mockApi({ [`POST ${API_PATHS.login}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const { instance, missing } = await firstScreenI18n();
    render(
      <I18nextProvider i18n={instance}>
        <QueryClientProvider client={new QueryClient()}>
          <MemoryRouter initialEntries={[PAGE_PATHS.login]}>
            <AppRoutes />
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: en.login.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.login.showPassword }));
    expect(screen.getByRole('button', { name: en.login.hidePassword })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: en.login.submit }));
    expect(await screen.findByText(en.login.failedRetry)).toBeInTheDocument();
    expect(missing).toEqual([]);
  });

  it('is the same text as the whole of English (one source for each string)', () => {
    expect(en.common).toBe(enFirstScreen.common);
    expect(en.login).toBe(enFirstScreen.login);
  });
});
