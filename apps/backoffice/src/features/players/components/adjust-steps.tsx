import type { CreditRequestResponse, DecisionResponse, PlayerDetail } from '@app/contracts/admin';
import type { AdjustmentRequest } from '@app/contracts/wallet';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';

/**
 * What the adjustment did: posted (the new balance), or, a credit above the
 * operator's limit, waiting for a second admin.
 */
export function AdjustOutcome({
  answer,
  credit,
  player,
  onClose,
}: {
  answer: (DecisionResponse | CreditRequestResponse)['data'];
  credit: boolean;
  player: PlayerDetail;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const waiting = 'requestedBy' in answer;
  return (
    <>
      {waiting ? (
        <Alert tone="info" title={t('creditRequests.statusWaiting')}>
          {t('players.creditWaiting', { amount: formatMoney(answer.amount), name: player.fullName })}
        </Alert>
      ) : (
        <Alert tone="success" title={t('decision.done')}>
          {t(credit ? 'players.credited' : 'players.debited', {
            amount: formatMoney(answer.amount),
            name: player.fullName,
            balance: formatMoney(answer.afterAmount),
          })}
        </Alert>
      )}
      <div className="dialog__actions">
        <button type="button" className="button button--primary" onClick={onClose}>
          {t('common.ok')}
        </button>
      </div>
    </>
  );
}

/** The sentence that says exactly what will happen, the reason, and the button that sends it once. */
export function AdjustReview({
  review,
  credit,
  player,
  summaryRef,
  sending: adjust,
  onBack: back,
  onConfirm: confirm,
}: {
  review: AdjustmentRequest;
  credit: boolean;
  player: PlayerDetail;
  summaryRef: RefObject<HTMLParagraphElement | null>;
  sending: { isPending: boolean; error: Error | null };
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const amount = formatMoney(review.amount);
  const error = adjust.error;
  return (
    <>
      <p ref={summaryRef} tabIndex={-1} className="player-adjust__summary">
        {t(credit ? 'players.creditConfirm' : 'players.debitConfirm', { amount, name: player.fullName })}
      </p>
      <dl className="player-facts">
        <dt>{t('players.mainBalance')}</dt>
        <dd>{formatMoney(player.balances.main)}</dd>
        <dt>{t('common.reason')}</dt>
        <dd>{review.reason}</dd>
        {credit && (
          <>
            <dt>{t('players.asDepositLabel')}</dt>
            <dd>{review.asDeposit ? t('players.asDepositYes') : t('common.no')}</dd>
          </>
        )}
      </dl>
      {error && (
        <Alert title={t('common.requestFailed')}>
          {error instanceof ApiError && error.serverMessage ? error.serverMessage : t('players.noAnswer')}
        </Alert>
      )}
      <div className="dialog__actions">
        <button type="button" className="button" onClick={back} disabled={adjust.isPending}>
          {t('players.edit')}
        </button>
        <button
          type="button"
          className={`button ${credit ? 'button--primary' : 'button--danger'}`}
          onClick={confirm}
          disabled={adjust.isPending}
        >
          {adjust.isPending
            ? t('decision.sending')
            : t(credit ? 'players.creditAction' : 'players.debitAction', { amount })}
        </button>
      </div>
    </>
  );
}
