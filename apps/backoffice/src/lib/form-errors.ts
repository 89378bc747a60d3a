import { isMessageKey, translate } from '@app/contracts/messages';
import type { FieldError } from 'react-hook-form';
import { currentLanguage, i18n } from '@/lib/i18n';

/**
 * A field's error in the operator's language. The contract's schemas carry
 * keys of the shared message catalogue (the server answers with the same
 * sentences); a form's own schema may carry keys of the back office's locales.
 */
export function fieldErrorText(error: Pick<FieldError, 'message'> | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (isMessageKey(message)) return translate(message, currentLanguage());
  return i18n.exists(message) ? String(i18n.t(message as never)) : message;
}
