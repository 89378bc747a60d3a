import { isMessageKey, translate } from '@app/contracts/messages';
import type { FieldError } from 'react-hook-form';
import { currentLanguage, i18n } from '@/lib/i18n';

/**
 * The text of a field's error in the player's language. Contract schemas carry
 * keys of the shared message catalogue (the server answers with the same
 * texts); form-only schemas may carry keys of the app's own locale files.
 */
export function fieldErrorText(error: Pick<FieldError, 'message'> | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (isMessageKey(message)) return translate(message, currentLanguage());
  return i18n.exists(message) ? String(i18n.t(message as never)) : message;
}
