import 'i18next';
import type { CashbackResource } from '@/locales/cashback/en';
import type { LocaleResource } from '@/locales/en';
import type { NotificationsResource } from '@/locales/notifications/en';
import type { ProtectionResource } from '@/locales/protection/en';
import type { VipResource } from '@/locales/vip/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: LocaleResource;
      protection: ProtectionResource;
      notifications: NotificationsResource;
      cashback: CashbackResource;
      vip: VipResource;
    };
  }
}
