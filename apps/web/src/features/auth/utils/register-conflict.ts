import type { Catalogue } from '@app/contracts/messages/en';
import { ApiError } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';

export type RegisterConflict = 'phone' | 'bank';

const sentence = (text: string) => text.replace(/[.。။]$/u, '').toLowerCase();

/**
 * The server's sentence for a conflict as it says it in the player's language
 * (the request's Accept-Language), in English and in Thai (the market's
 * language, which a server may fall back to), plus the spec's own words.
 */
function conflictTexts(key: 'phone_in_use' | 'bank_account_in_use', specWords: string, serverTh: Catalogue): string[] {
  const english = i18n.getFixedT('en');
  return [specWords, i18n.t(`server.${key}` as never), english(`server.${key}` as never), serverTh[key]].map(sentence);
}

/**
 * Spec §5: a phone or bank account already in use gets its own modal. The
 * error code decides; the message text is the fallback the spec describes
 * (the Thai catalogue is imported then, not with the register screen).
 */
export async function registerConflict(error: unknown): Promise<RegisterConflict | null> {
  if (!(error instanceof ApiError)) return null;
  if (error.errorCode === 'PHONE_IN_USE') return 'phone';
  if (error.errorCode === 'BANK_ACCOUNT_IN_USE') return 'bank';
  const message = error.serverMessage.toLowerCase();
  const { th } = await import('@app/contracts/messages/th');
  if (conflictTexts('phone_in_use', 'phone number is already in use', th).some((text) => message.includes(text))) {
    return 'phone';
  }
  if (
    conflictTexts('bank_account_in_use', 'bank account is already in use', th).some((text) => message.includes(text))
  ) {
    return 'bank';
  }
  return null;
}
