import { formatBahtWithSymbol } from '@app/contracts/money';
import type { Reward } from '@app/contracts/settings';
import { useTranslation } from 'react-i18next';

/** What a reward gives, in one line: credit (and its turnover), a bonus promotion, or an item (and what is left). */
export function useRewardLine() {
  const { t } = useTranslation();
  return (reward: Reward): string => {
    if (reward.kind === 'credit') {
      const credit = t('rewards.giveCredit', { amount: formatBahtWithSymbol(reward.creditAmount ?? 0) });
      return reward.turnoverMultiplier > 0
        ? `${credit} · ${t('rewards.turnoverTimes', { times: reward.turnoverMultiplier })}`
        : credit;
    }
    if (reward.kind === 'bonus') return t('rewards.giveBonus');
    return reward.stock === null ? t('rewards.giveItem') : t('rewards.stockLeft', { count: reward.stock });
  };
}
