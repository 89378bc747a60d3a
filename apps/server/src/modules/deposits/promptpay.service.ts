import type { PromptPayResponse } from '@app/contracts/deposits';
import { satangToBaht } from '@app/contracts/money';
import { anyId } from 'promptparse/generate';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { depositAccounts } from '../settings/settings.service.ts';

/** A PromptPay ID is a mobile number (10 digits), a national or tax ID (13) or an e-wallet ID (15). */
function proxyType(promptpayId: string) {
  if (promptpayId.length === 10) return 'MSISDN' as const;
  if (promptpayId.length === 13) return 'NATID' as const;
  return 'EWALLETID' as const;
}

/**
 * The PromptPay QR payload (EMVCo, tag 29) for a deposit to the first house
 * account that takes PromptPay, for the amount the player typed (or none: the
 * player's banking app then asks for it).
 */
export async function promptPayPayload(db: Queryable, amountSatang: number | null): Promise<PromptPayResponse['data']> {
  const account = (await depositAccounts(db)).find((candidate) => candidate.promptpayId);
  if (!account?.promptpayId) throw new AppError(404, 'PROMPTPAY_UNAVAILABLE', 'promptpay_unavailable');
  const amount = amountSatang === null ? null : satangToBaht(amountSatang);
  const payload = anyId({
    type: proxyType(account.promptpayId),
    target: account.promptpayId,
    ...(amount === null ? {} : { amount }),
  });
  return { payload, promptpayId: account.promptpayId, amount, account };
}
