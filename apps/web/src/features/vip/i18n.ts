import { registerNamespace } from '@/lib/i18n';
import cn from '@/locales/vip/cn';
import en from '@/locales/vip/en';
import ko from '@/locales/vip/ko';
import ls from '@/locales/vip/ls';
import mm from '@/locales/vip/mm';
import th from '@/locales/vip/th';

/**
 * The VIP screen's strings, in their own namespace: they come with that code
 * (a few KB for six languages), never with the login screen's first load.
 * Importing this module registers them.
 */
export const VIP_NS = 'vip';
registerNamespace(VIP_NS, { en, th, cn, ls, mm, ko });
