import { satangToBaht } from '@app/contracts/money';
import type { TFunction } from 'i18next';
import { formatMoney } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/**
 * Words an operator reads for the codes the server records on a player's
 * promotions and points (the code itself stays on hand as the element's
 * title): why a claim ended, and where a lot of points came from.
 */

/** Why a claim ended ("TURNOVER_MET", "balance_below_floor", ...) in words; an unknown code as it is. */
export function endReasonText(t: TFunction, code: string): string {
  const key = `loyalty.endReason_${code}`;
  return i18n.exists(key) ? t(key) : code;
}

const providerName = (t: TFunction, provider: string) => {
  const key = `loyalty.provider_${provider}`;
  return i18n.exists(key) ? t(key) : provider.toUpperCase();
};

/**
 * Where a lot of points came from: a deposit (its history entry), bets at a
 * provider (a seamless round's id, or for the transfer wallet the player's
 * settled stakes at that provider, `settled:<player>:<satang>`), or points
 * returned by a cancelled redemption (`redemption:<id>`).
 */
export function lotSourceText(t: TFunction, lot: { source: string; reference: string }): string {
  if (lot.source === 'DEPOSIT') return t('loyalty.lotSource_DEPOSIT', { id: lot.reference });
  if (lot.source === 'REFUND') {
    return t('loyalty.lotSource_REFUND', { id: lot.reference.replace(/^redemption:/, '') });
  }
  if (lot.source === 'TURNOVER') {
    const [provider = '', ...rest] = lot.reference.split(':');
    const settled = /^settled:\d+:(\d+)$/.exec(rest.join(':'));
    if (settled) {
      const stakes = formatMoney(satangToBaht(Number(settled[1])));
      return t('loyalty.lotSource_TURNOVER_settled', { provider: providerName(t, provider), stakes });
    }
    return t('loyalty.lotSource_TURNOVER', { provider: providerName(t, provider), reference: rest.join(':') });
  }
  return `${lot.source} ${lot.reference}`;
}
