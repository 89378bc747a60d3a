import { registerNamespace } from '@/lib/i18n';
import cn from '@/locales/cashback/cn';
import en from '@/locales/cashback/en';
import ko from '@/locales/cashback/ko';
import ls from '@/locales/cashback/ls';
import mm from '@/locales/cashback/mm';
import th from '@/locales/cashback/th';

/**
 * The cashback screen's strings, in their own namespace: they come with that code
 * (a few KB for six languages), never with the login screen's first load.
 * Importing this module registers them.
 */
export const CASHBACK_NS = 'cashback';
registerNamespace(CASHBACK_NS, { en, th, cn, ls, mm, ko });
