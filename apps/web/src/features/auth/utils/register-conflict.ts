import { LANGUAGES } from '@app/contracts/languages';
import { MESSAGES } from '@app/contracts/messages';
import { ApiError } from '@/lib/api-client';

export type RegisterConflict = 'phone' | 'bank';

const sentence = (text: string) => text.replace(/[.。။]$/u, '').toLowerCase();
const PHONE_IN_USE_TEXTS = [
  'phone number is already in use',
  ...LANGUAGES.map((l) => sentence(MESSAGES[l].phone_in_use)),
];
const BANK_IN_USE_TEXTS = [
  'bank account is already in use',
  ...LANGUAGES.map((l) => sentence(MESSAGES[l].bank_account_in_use)),
];

/**
 * Spec §5: a phone or bank account already in use gets its own modal. The
 * error code decides; the message text is the fallback the spec describes.
 */
export function registerConflict(error: unknown): RegisterConflict | null {
  if (!(error instanceof ApiError)) return null;
  if (error.errorCode === 'PHONE_IN_USE') return 'phone';
  if (error.errorCode === 'BANK_ACCOUNT_IN_USE') return 'bank';
  const message = error.serverMessage.toLowerCase();
  if (PHONE_IN_USE_TEXTS.some((text) => message.includes(text))) return 'phone';
  if (BANK_IN_USE_TEXTS.some((text) => message.includes(text))) return 'bank';
  return null;
}
