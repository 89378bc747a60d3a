import { en as serverEn } from '@app/contracts/messages/en';
import { i18n, registerWhenReady, resources } from '@/lib/i18n';
import en from '@/locales/en';

/**
 * The rest of English: every string of the app and the server's catalogue (under `server`), beside the
 * first screen's part that the entry chunk carries (lib/i18n.ts). The register route and the signed-in frame
 * import this module, and importing it registers them, before either draws: English is every language's
 * fallback, and a form shows the server's own sentences (the login's first load).
 */
function register(): void {
  i18n.addResourceBundle('en', 'translation', resources(en, serverEn), true, true);
}
registerWhenReady(register);
