import type { Redemption, RedemptionStatus } from '@app/contracts/loyalty';
import { formatPoints } from '@app/contracts/money';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/dates';

const STATUS_LABEL: Record<RedemptionStatus, ParseKeys> = {
  CREDITED: 'rewards.statusCredited',
  WAITING: 'rewards.statusWaiting',
  SENT: 'rewards.statusSent',
  CANCELLED: 'rewards.statusCancelled',
};

/** The player's redemptions, newest first, each with its state. */
export function RedemptionList({
  redemptions,
  loading,
  failed,
}: {
  redemptions: Redemption[] | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation();
  if (failed) {
    return (
      <p className="dialog__text" role="alert">
        {t('rewards.loadFailed')}
      </p>
    );
  }
  if (loading || !redemptions) {
    return (
      <p className="dialog__status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  }
  if (redemptions.length === 0) return <p className="dialog__text">{t('rewards.noRedemptions')}</p>;
  return (
    <ul className="redemptions">
      {redemptions.map((redemption) => (
        <li key={redemption.id} className="redemptions__item" data-testid="redemption">
          <div className="redemptions__head">
            <strong>{redemption.rewardName}</strong>
            <span className={`redemptions__status redemptions__status--${redemption.status.toLowerCase()}`}>
              {t(STATUS_LABEL[redemption.status])}
            </span>
          </div>
          <span className="redemptions__meta">
            {formatDateTime(redemption.createdAt)} ·{' '}
            {t('rewards.price', { count: redemption.points, points: formatPoints(redemption.points) })}
          </span>
          {redemption.note && <span className="redemptions__note">{redemption.note}</span>}
        </li>
      ))}
    </ul>
  );
}
