import type { Promotion } from '@app/contracts/loyalty';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/dates';

/** The short facts of a promotion, each one line: bonus, minimum, turnover, games, limit, end. */
export function usePromotionFacts() {
  const { t } = useTranslation();
  return (promotion: Promotion): string[] => {
    const facts: string[] = [];
    if (promotion.kind === 'FIXED') {
      facts.push(t('promotions.factFixed', { amount: formatBahtWithSymbol(promotion.fixedAmount ?? 0) }));
    } else {
      facts.push(
        promotion.cap === null
          ? t('promotions.factPercent', { percent: promotion.percent })
          : t('promotions.factPercentCap', { percent: promotion.percent, cap: formatBahtWithSymbol(promotion.cap) }),
      );
      if (promotion.minDeposit > 0) {
        facts.push(t('promotions.factMinDeposit', { amount: formatBahtWithSymbol(promotion.minDeposit) }));
      }
    }
    if (promotion.turnoverMultiplier > 0) {
      facts.push(
        promotion.turnoverBase === 'BONUS'
          ? t('promotions.factTurnoverBonus', { times: promotion.turnoverMultiplier })
          : t('promotions.factTurnoverAll', { times: promotion.turnoverMultiplier }),
      );
      const { wc, ufa } = promotion.contribution;
      if (wc !== 100 || ufa !== 100) facts.push(t('promotions.factGames', { wc, ufa }));
    }
    if (promotion.maxWithdraw !== null) {
      facts.push(t('promotions.factMaxWithdraw', { amount: formatBahtWithSymbol(promotion.maxWithdraw) }));
    }
    facts.push(promotion.claimLimit === 'DAILY' ? t('promotions.factDaily') : t('promotions.factOnce'));
    if (promotion.endsAt) {
      facts.push(t('promotions.factEnds', { date: formatDate(promotion.endsAt) }));
    }
    return facts;
  };
}
