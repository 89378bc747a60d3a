import 'i18next';
import type { LocaleResource } from '@/locales/en';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: LocaleResource };
  }
}
