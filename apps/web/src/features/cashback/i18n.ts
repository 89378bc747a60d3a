import { i18n, registerWhenReady } from '@/lib/i18n';
import cn from '@/locales/cashback/cn';
import en from '@/locales/cashback/en';
import ko from '@/locales/cashback/ko';
import ls from '@/locales/cashback/ls';
import mm from '@/locales/cashback/mm';
import th from '@/locales/cashback/th';

/**
 * The cashback screens' strings, in their own namespace: they come with
 * these screens' code (a few KB for six languages), never with the login
 * screen's first load. Importing this module registers them.
 */
export const CASHBACK_NS = 'cashback';
const BUNDLES = { en, th, cn, ls, mm, ko };
function register(): void {
  for (const [language, bundle] of Object.entries(BUNDLES)) {
    if (!i18n.hasResourceBundle(language, CASHBACK_NS)) i18n.addResourceBundle(language, CASHBACK_NS, bundle);
  }
}
registerWhenReady(register);
