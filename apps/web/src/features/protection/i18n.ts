import { i18n, registerWhenReady } from '@/lib/i18n';
import cn from '@/locales/protection/cn';
import en from '@/locales/protection/en';
import ko from '@/locales/protection/ko';
import ls from '@/locales/protection/ls';
import mm from '@/locales/protection/mm';
import th from '@/locales/protection/th';

/**
 * The protection screens' strings, in their own namespace: they come with
 * these screens' code (a few KB for six languages), never with the login
 * screen's first load. Importing this module registers them.
 */
export const PROTECTION_NS = 'protection';
const BUNDLES = { en, th, cn, ls, mm, ko };
function register(): void {
  for (const [language, bundle] of Object.entries(BUNDLES)) {
    if (!i18n.hasResourceBundle(language, PROTECTION_NS)) i18n.addResourceBundle(language, PROTECTION_NS, bundle);
  }
}
registerWhenReady(register);
