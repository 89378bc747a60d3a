import { findBank } from '@app/contracts/banks';

/**
 * A bank's name as the player reads it: in Thai in the Thai interface, in
 * English in the others (every other language reads the banks' own English
 * names), the same in the register picker and on every card. A bank we do not
 * know keeps the name the server gave.
 */
export function bankDisplayName(bankCode: string, fallbackName: string, language: string): string {
  const bank = findBank(bankCode);
  if (!bank) return fallbackName;
  return language === 'th' ? bank.nameTh : bank.name;
}
