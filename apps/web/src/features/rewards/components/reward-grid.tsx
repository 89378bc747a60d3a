import { formatPoints } from '@app/contracts/money';
import type { Reward } from '@app/contracts/settings';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import type { useRewards } from '@/features/rewards/api/get-rewards';
import { useRewardLine } from '@/features/rewards/hooks/use-reward-line';
import { rewardImageUrl } from '@/lib/reward-image';

/** The grid of rewards with name, image, price, what each gives and a redeem button (none when sold out). */
export function RewardGrid({
  rewards,
  onRedeem,
}: {
  rewards: ReturnType<typeof useRewards>;
  onRedeem: (reward: Reward) => void;
}) {
  const { t } = useTranslation();
  const rewardLine = useRewardLine();
  if (rewards.isPending) {
    return (
      <p className="dialog__status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  }
  if (rewards.isError) {
    return (
      <p className="dialog__text" role="alert">
        {t('rewards.loadFailed')}
      </p>
    );
  }
  if (rewards.data.length === 0) return <p className="dialog__text">{t('rewards.empty')}</p>;
  return (
    <ul className="rewards">
      {rewards.data.map((reward) => {
        const soldOut = reward.stock !== null && reward.stock <= 0;
        return (
          <li key={reward.id} className="rewards__item">
            <img src={rewardImageUrl(reward.imageUrl)} alt="" width={400} height={400} loading="lazy" />
            <span className="rewards__name">{reward.name}</span>
            <span className="rewards__price">
              {t('rewards.price', { count: reward.pricePoints, points: formatPoints(reward.pricePoints) })}
            </span>
            <span className="rewards__line">{rewardLine(reward)}</span>
            <button
              type="button"
              className="button button--gold button--small"
              disabled={soldOut}
              onClick={() => onRedeem(reward)}
              aria-label={`${soldOut ? t('rewards.soldOut') : t('rewards.redeem')}: ${reward.name}`}
            >
              {soldOut ? t('rewards.soldOut') : t('rewards.redeem')}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
