import './reward-modal.css';
import type { Redemption, RedemptionStatus } from '@app/contracts/loyalty';
import { formatBahtWithSymbol, formatPoints } from '@app/contracts/money';
import type { Reward } from '@app/contracts/settings';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { MessageDialog } from '@/components/ui/message-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useRewards } from '@/features/rewards/api/get-rewards';
import { usePoints, useRedeemReward, useRedemptions } from '@/features/rewards/api/redeem';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/dates';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/idempotency';
import { rewardImageUrl } from '@/lib/reward-image';
import type { ModalProps } from '@/stores/modal-store';

export { rewardImageUrl };

const STATUS_LABEL: Record<RedemptionStatus, ParseKeys> = {
  CREDITED: 'rewards.statusCredited',
  WAITING: 'rewards.statusWaiting',
  SENT: 'rewards.statusSent',
  CANCELLED: 'rewards.statusCancelled',
};

type Outcome = { ok: boolean; message: string };

/** What a reward gives, in one line: credit (and its turnover), a bonus promotion, or an item (and what is left). */
function useRewardLine() {
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

/**
 * Spec §2 reward modal: the grid of rewards with name, image and a redeem
 * button. The button is real: it shows the price, asks for a
 * confirmation, redeems with an Idempotency-Key and shows the outcome (the
 * server's words: credited, waiting for delivery, not enough points, out of
 * stock, already redeemed today). A second view lists the player's
 * redemptions and their state.
 */
export function RewardModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const rewards = useRewards();
  const points = usePoints();
  const redeem = useRedeemReward();
  const rewardLine = useRewardLine();
  const [view, setView] = useState<'rewards' | 'mine'>('rewards');
  const redemptions = useRedemptions(view === 'mine');
  /** The reward being confirmed, with the key every send of this redemption carries. */
  const [confirming, setConfirming] = useState<{ reward: Reward; key: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  function confirmRedeem() {
    if (!confirming) return;
    const { reward, key } = confirming;
    redeem.mutate(
      { rewardId: reward.id, idempotencyKey: key },
      {
        onSuccess: (response) => {
          setConfirming(null);
          setOutcome({ ok: true, message: response.message });
        },
        onError: (error) => {
          // An unknown outcome keeps the confirmation (and its key) open for a safe retry.
          if (!outcomeUnknown(error)) setConfirming(null);
          setOutcome({
            ok: false,
            message: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('rewards.failed'),
          });
        },
      },
    );
  }

  let content: React.ReactNode;
  if (rewards.isPending) {
    content = (
      <p className="dialog__status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  } else if (rewards.isError) {
    content = (
      <p className="dialog__text" role="alert">
        {t('rewards.loadFailed')}
      </p>
    );
  } else if (rewards.data.length === 0) {
    content = <p className="dialog__text">{t('rewards.empty')}</p>;
  } else {
    content = (
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
                onClick={() => {
                  setOutcome(null);
                  setConfirming({ reward, key: newIdempotencyKey() });
                }}
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

  const pointsData = points.data;
  return (
    <Dialog title={t('modals.reward')} onClose={onClose} className="dialog--wide">
      <div className="dialog__body reward-modal">
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
        <fieldset className="reward-modal__views">
          <legend className="visually-hidden">{t('modals.reward')}</legend>
          <button
            type="button"
            className={`reward-modal__view${view === 'rewards' ? ' is-selected' : ''}`}
            aria-pressed={view === 'rewards'}
            onClick={() => setView('rewards')}
          >
            {t('rewards.viewRewards')}
          </button>
          <button
            type="button"
            className={`reward-modal__view${view === 'mine' ? ' is-selected' : ''}`}
            aria-pressed={view === 'mine'}
            onClick={() => setView('mine')}
          >
            {t('rewards.viewMine')}
          </button>
        </fieldset>
        {view === 'rewards' ? (
          content
        ) : (
          <RedemptionList redemptions={redemptions.data} loading={redemptions.isPending} failed={redemptions.isError} />
        )}
      </div>

      {confirming && (
        <ConfirmDialog
          title={t('rewards.confirmTitle')}
          confirmLabel={t('rewards.confirmRedeem')}
          onConfirm={confirmRedeem}
          onCancel={() => setConfirming(null)}
          busy={redeem.isPending}
        >
          <p>
            {t('rewards.confirmBody', {
              count: confirming.reward.pricePoints,
              name: confirming.reward.name,
              points: formatPoints(confirming.reward.pricePoints),
            })}
          </p>
          <p className="reward-modal__confirm-line">{rewardLine(confirming.reward)}</p>
          {outcome && !outcome.ok && (
            <p className="reward-modal__error" role="alert">
              {outcome.message}
            </p>
          )}
        </ConfirmDialog>
      )}
      {!confirming && outcome && (
        <MessageDialog
          title={outcome.ok ? t('rewards.redeemed') : t('rewards.notRedeemed')}
          tone={outcome.ok ? 'success' : 'alert'}
          onClose={() => setOutcome(null)}
        >
          {outcome.message}
        </MessageDialog>
      )}
    </Dialog>
  );
}

function RedemptionList({
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
