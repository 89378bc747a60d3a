import './promotion-progress.css';
import type { PlayerPromotion } from '@app/contracts/loyalty';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useForfeitPromotion } from '@/features/promotions/api/promotions';
import { ApiError } from '@/lib/api-client';

/** The share of the requirement met, 0 to 100 (a requirement of 0 is met). */
export function turnoverPercent(done: number, required: number): number {
  if (required <= 0) return 100;
  return Math.min(100, Math.floor((done / required) * 100));
}

type PromotionProgressProps = {
  claim: PlayerPromotion;
  /** Compact: the wallet panel's one-line card; full: the promotions and withdraw modals. */
  compact?: boolean;
};

/**
 * The player's open promotion: its title, the bonus, the turnover progress
 * bar (done / required, in baht) and the forfeit action with a confirmation.
 * A pending claim (picked, its deposit not yet credited) says it waits for the
 * next deposit and can be cancelled.
 */
export function PromotionProgress({ claim, compact = false }: PromotionProgressProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const forfeit = useForfeitPromotion();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const pending = claim.status === 'PENDING';
  const percent = turnoverPercent(claim.turnoverDone, claim.turnoverRequired);

  function confirmForfeit() {
    forfeit.mutate(undefined, {
      onSuccess: (response) => setOutcome(response.message),
      onError: (error) =>
        setOutcome(error instanceof ApiError && error.serverMessage ? error.serverMessage : t('promotions.failed')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <section
      className={`promo-progress${compact ? ' promo-progress--compact' : ''}`}
      aria-labelledby={titleId}
      data-testid="promotion-progress"
    >
      <div className="promo-progress__head">
        <span className="promo-progress__label">{pending ? t('promotions.pending') : t('promotions.active')}</span>
        <strong id={titleId} className="promo-progress__title">
          {claim.title}
        </strong>
      </div>
      {pending ? (
        <p className="promo-progress__note">{t('promotions.pendingNote')}</p>
      ) : (
        <>
          <div className="promo-progress__figures">
            <span>
              {t('promotions.bonus')} <strong>{formatBahtWithSymbol(claim.bonus)}</strong>
            </span>
            <span data-testid="turnover-progress">
              {t('promotions.turnover', {
                done: formatBahtWithSymbol(claim.turnoverDone),
                required: formatBahtWithSymbol(claim.turnoverRequired),
              })}
            </span>
          </div>
          <div
            className="promo-progress__bar"
            role="progressbar"
            aria-labelledby={titleId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          {!compact && claim.maxWithdraw !== null && (
            <p className="promo-progress__note">
              {t('promotions.maxWithdrawNote', { amount: formatBahtWithSymbol(claim.maxWithdraw) })}
            </p>
          )}
        </>
      )}
      <div className="promo-progress__actions">
        <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(true)}>
          {pending ? t('promotions.cancel') : t('promotions.forfeit')}
        </button>
      </div>
      <p className="promo-progress__outcome" role="status">
        {outcome ?? ''}
      </p>

      {confirming && (
        <ConfirmDialog
          title={pending ? t('promotions.cancelTitle') : t('promotions.forfeitTitle')}
          confirmLabel={pending ? t('promotions.cancelConfirm') : t('promotions.forfeitConfirm')}
          onConfirm={confirmForfeit}
          onCancel={() => setConfirming(false)}
          busy={forfeit.isPending}
          tone={pending ? 'info' : 'alert'}
        >
          {pending
            ? t('promotions.cancelBody', { title: claim.title })
            : t('promotions.forfeitBody', { title: claim.title, bonus: formatBahtWithSymbol(claim.bonus) })}
        </ConfirmDialog>
      )}
    </section>
  );
}
