import { findBank } from '@app/contracts/banks';

/**
 * A bank's name as the player reads it: the bank's own name in the screen's
 * language (contracts/banks.ts): Thai in the Thai interface, its official
 * Chinese name in the Chinese one where the bank publishes one, its official
 * English name everywhere else; the same in the register picker and on every
 * card. A bank we do not know keeps the name the server gave.
 */
export function bankDisplayName(bankCode: string, fallbackName: string, language: string): string {
  const bank = findBank(bankCode);
  if (!bank) return fallbackName;
  if (language === 'th') return bank.nameTh;
  if (language === 'cn' && bank.nameCn !== null) return bank.nameCn;
  return bank.nameEn;
}
