import { registerNamespace } from '@/lib/i18n';
import cn from '@/locales/notifications/cn';
import en from '@/locales/notifications/en';
import ko from '@/locales/notifications/ko';
import ls from '@/locales/notifications/ls';
import mm from '@/locales/notifications/mm';
import th from '@/locales/notifications/th';

/**
 * The notifications screens' strings, in their own namespace: they come with
 * the bell's code, never with the login
 * screen's first load. Importing this module registers them.
 */
export const NOTIFICATIONS_NS = 'notifications';
registerNamespace(NOTIFICATIONS_NS, { en, th, cn, ls, mm, ko });
