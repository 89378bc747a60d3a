import { registerNamespace } from '@/lib/i18n';
import cn from '@/locales/protection/cn';
import en from '@/locales/protection/en';
import ko from '@/locales/protection/ko';
import ls from '@/locales/protection/ls';
import mm from '@/locales/protection/mm';
import th from '@/locales/protection/th';

/**
 * The protection screens' strings, in their own namespace: they come with that code
 * (a few KB for six languages), never with the login screen's first load.
 * Importing this module registers them.
 */
export const PROTECTION_NS = 'protection';
registerNamespace(PROTECTION_NS, { en, th, cn, ls, mm, ko });
