import { findBank } from '@app/contracts/banks';
import { currentLanguage } from '@/lib/i18n';

/**
 * A bank's name in the operator's language, from its short ("SCB") or numeric
 * ("014") code, as slips and bank statements give it; undefined for a code
 * that is not one of the registered banks, so the caller shows the raw code.
 */
export function bankDisplayName(code: string | null | undefined): string | undefined {
  const bank = code ? findBank(code) : undefined;
  if (!bank) return undefined;
  return currentLanguage() === 'th' ? bank.nameTh : bank.name;
}
