/**
 * The login and register pages drawn at build time (scripts/prerender.ts builds this module for Node and
 * writes its HTML into the app's pages): the same components, providers and routes as in the browser, with a
 * static router, so that the browser's first render matches the markup and React hydrates it (main.tsx).
 * Nothing here runs in the browser.
 */
import type { Language } from '@app/contracts/languages';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppShell } from '@/app/index';
import { i18n, initI18n } from '@/lib/i18n';

export { manifestHref } from '@/lib/i18n';

/** The markup of #root for a page in a language; each language's strings are loaded as the app loads them. */
export async function renderPage(path: string, language: Language): Promise<string> {
  if (i18n.isInitialized) await i18n.changeLanguage(language);
  else await initI18n(language);
  // prerender (not renderToString) waits for the lazily loaded register screen and its strings.
  const { prelude } = await prerender(
    <StaticRouter location={path}>
      <AppShell />
    </StaticRouter>,
  );
  return new Response(prelude).text();
}
