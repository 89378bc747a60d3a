import { ACCOUNT_DIGITS } from '@app/contracts/banks';

/**
 * Bank statements show the sender's account with hidden digits (x, X or *),
 * often only the last 4 to 6 digits visible: "xxx-x-x1234-x", "******5678".
 * Player accounts are registered as 10 digits, or 12 at GSB, GHB and BAAC.
 */
const LONGEST = Math.max(...ACCOUNT_DIGITS);

/** True when the statement hides some digits of the sender's account. */
export function isMasked(account: string): boolean {
  return /[xX*]/.test(account);
}

/**
 * A SQL LIKE pattern for the registered account numbers a statement's sender
 * account may be: each hidden digit is one `_`; a text as long as the longest
 * account matches only accounts of that length; a shorter one is aligned to
 * the end of the number (statements cut from the left), so a ten-character
 * text is a whole 10-digit account or the last ten digits of a 12-digit one;
 * a longer one matches nothing. The input has only digits and mask characters
 * (the contract strips dashes and spaces).
 */
export function accountPattern(account: string): string | undefined {
  if (account.length > LONGEST) return undefined;
  const positional = account.replace(/[xX*]/g, '_');
  return account.length === LONGEST ? positional : `%${positional}`;
}

/** Whether a registered account fits a statement's sender account (the same rule as accountPattern). */
export function accountFits(account: string, registered: string): boolean {
  if (account.length > registered.length || !(ACCOUNT_DIGITS as readonly number[]).includes(registered.length)) {
    return false;
  }
  const tail = registered.slice(registered.length - account.length);
  for (let i = 0; i < account.length; i += 1) {
    const shown = account[i];
    if (shown !== 'x' && shown !== 'X' && shown !== '*' && shown !== tail[i]) return false;
  }
  return true;
}
