import { isMessageKey, translate } from '@app/contracts/messages';
import type { FieldError } from 'react-hook-form';
import { currentLanguage, i18n } from '@/lib/i18n';

/**
 * A field's error in the operator's language. The contract's schemas carry
 * keys of the shared message catalogue (the server answers with the same
 * sentences); a form's own schema may carry keys of the back office's locales.
 */
export function fieldErrorText(
  error: Pick<FieldError, 'message'> | undefined,
  /** Shown instead of a message that is neither kind of key (zod's own English for a bound without a key). */
  fallback?: string,
): string | undefined {
  const message = error?.message;
  if (!message) return error ? fallback : undefined;
  if (isMessageKey(message)) return translate(message, currentLanguage());
  if (i18n.exists(message)) return String(i18n.t(message as never));
  return fallback ?? message;
}
