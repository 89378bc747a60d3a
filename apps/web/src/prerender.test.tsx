import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { LANGUAGES } from '@app/contracts/languages';
import { PRERENDERED_PAGES } from '@app/contracts/prerendered-pages';
import { fireEvent, waitFor } from '@testing-library/react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { App } from '@/app/index';
import { i18n } from '@/lib/i18n';
import { renderPage } from '@/prerender';
import { mockApi } from '@/testing/test-utils';

/** The markup a page was drawn with at build time, taken over by the app as main.tsx does. */
async function hydratePage(path: string, language: (typeof LANGUAGES)[number]) {
  // React draws into a web stream, as in Node at build time: the test's globals are a page's (jsdom), which have none.
  vi.stubGlobal('ReadableStream', NodeReadableStream);
  const markup = await renderPage(path, language);
  // React's server renderer leaves the last values it provided set on the contexts it shares with the client
  // renderer in this realm (the build runs it in a process of its own): an empty page resets them.
  await prerender(null);
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  window.history.replaceState(null, '', path);
  const drawn = { form: container.querySelector('form'), heading: container.querySelector('h1')?.textContent };
  const errors: unknown[] = [];
  let root: Root | undefined;
  await act(async () => {
    root = hydrateRoot(container, <App />, { onRecoverableError: (error) => errors.push(error) });
  });
  // Unmounted before the next page is drawn: React's server renderer and its client share this test's React.
  const unmount = () => {
    act(() => root?.unmount());
    container.remove();
  };
  onTestFinished(unmount);
  return { container, drawn, errors, unmount };
}

describe('the login and register pages drawn at build time (scripts/prerender.ts)', () => {
  it.each(PRERENDERED_PAGES)(
    '/%s in each language: the app takes the markup over as it is, with no mismatch and no element drawn again',
    async (page) => {
      mockApi();
      // React (the development build here) names what did not match, attributes included, on the console. Its
      // server and client renderers share this realm, which they also say there: only the former counts.
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      for (const language of LANGUAGES) {
        const { container, drawn, errors, unmount } = await hydratePage(`/${page}`, language);
        expect(drawn.form, language).not.toBeNull();
        // The register screen's code loads lazily: its part of the page is taken over once it is in.
        const toggle = container.querySelector<HTMLButtonElement>('button[aria-pressed]');
        await waitFor(() => {
          if (toggle) fireEvent.click(toggle);
          expect(toggle?.getAttribute('aria-pressed'), language).toBe('true');
        });
        expect(errors, language).toEqual([]);
        expect(container.querySelector('form'), language).toBe(drawn.form);
        expect(container.querySelector('h1')?.textContent, language).toBe(drawn.heading);
        expect(i18n.language).toBe(language);
        unmount();
      }
      const mismatches = logged.mock.calls.map((call) => call.join(' ')).filter((text) => /hydrat|match/i.test(text));
      expect(mismatches).toEqual([]);
    },
  );
});
