import { formatPoints } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import { usePoints } from '@/features/rewards/api/redeem';
import { formatDate } from '@/lib/dates';

/** The player's points, and how many expire next and when. */
export function RewardPoints() {
  const { t } = useTranslation();
  const pointsData = usePoints().data;
  return (
    <div className="reward-modal__points">
      <span>{t('rewards.yourPoints')}</span>
      <strong data-testid="reward-points">{pointsData ? formatPoints(pointsData.points) : '–'}</strong>
      {pointsData?.nextExpiry && (
        <small>
          {t('rewards.nextExpiry', {
            count: pointsData.nextExpiry.points,
            points: formatPoints(pointsData.nextExpiry.points),
            date: formatDate(pointsData.nextExpiry.at),
          })}
        </small>
      )}
    </div>
  );
}
