import type { FieldError } from 'react-hook-form';
import { i18n } from '@/lib/i18n';

/**
 * The text of a field's error in the player's language. Contract schemas carry
 * keys of the shared message catalogue (the server answers with the same
 * texts; i18n holds it under `server`); form-only schemas may carry keys of the
 * app's own locale files.
 */
export function fieldErrorText(error: Pick<FieldError, 'message'> | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  const key = [`server.${message}`, message].find((candidate) => i18n.exists(candidate));
  return key ? String(i18n.t(key as never)) : message;
}
