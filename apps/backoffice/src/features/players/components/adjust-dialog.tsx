import './player-detail.css';
import type { CreditRequestResponse, DecisionResponse, PlayerDetail } from '@app/contracts/admin';
import { satangToBaht } from '@app/contracts/money';
import { type AdjustmentRequest, creditAdjustmentRequestSchema } from '@app/contracts/wallet';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { CheckField } from '@/components/ui/check-field';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import type { AdjustDirection } from '@/features/players/api/players';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';
import { newIdempotencyKey } from '@/lib/idempotency';

type AdjustDialogProps = {
  direction: AdjustDirection;
  player: PlayerDetail;
  /** Sends the adjustment; the key is the same for every send from this dialog. */
  send: (body: AdjustmentRequest, idempotencyKey: string) => Promise<DecisionResponse | CreditRequestResponse>;
  /** After every answer, success or refusal: the player's balances and history refresh. */
  onSettled: () => void;
  onClose: () => void;
};

/**
 * What the operator typed, as a number the contract's schema can judge:
 * grouping commas and a ฿ are tolerated, anything that is not a plain decimal
 * (hex, exponents, words) becomes NaN and is refused with the contract's message.
 */
function parseAmount(raw: unknown): number | undefined {
  const text = String(raw ?? '')
    .replace(/[,\s฿]/g, '')
    .trim();
  if (text === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/**
 * A manual credit or debit of the main wallet, with a required reason. A
 * credit may be marked as a deposit (money the player paid outside the bank
 * feed and the slips): it then earns points and starts the player's pending
 * promotion. The amount and reason are checked by the contract's own schema, then the
 * operator confirms a sentence that says exactly what will happen. The money
 * moves once: a ref stops a double click in the same tick, and one
 * Idempotency-Key serves every send from this dialog (a retry after a failure
 * or a lost answer is the same request; the server refuses the key for a
 * different one). A refusal (a debit above the balance) is shown as the
 * server says it.
 */
export function AdjustDialog({ direction, player, send, onSettled, onClose }: AdjustDialogProps) {
  const { t } = useTranslation();
  const ids = { amount: useId(), reason: useId(), asDeposit: useId() };
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [review, setReview] = useState<AdjustmentRequest | null>(null);
  const summaryRef = useRef<HTMLParagraphElement>(null);
  /** Set in the same tick as the send: the mutation's own pending flag arrives a render later. */
  const sending = useRef(false);
  const form = useZodForm(creditAdjustmentRequestSchema, { defaultValues: { reason: '', asDeposit: false } });
  const adjust = useMutation({
    mutationFn: (body: AdjustmentRequest) => send(body, idempotencyKey),
    onSettled: () => {
      sending.current = false;
      onSettled();
    },
  });

  // The confirmation replaces the form: move the focus to what it says, so it is read first.
  useEffect(() => {
    if (review) summaryRef.current?.focus();
  }, [review]);

  const credit = direction === 'credit';
  const title = t(credit ? 'players.creditTitle' : 'players.debitTitle', { name: player.fullName });
  const errors = form.formState.errors;

  const onReview = form.handleSubmit((output) => {
    adjust.reset();
    setReview({
      amount: satangToBaht(output.amountSatang),
      reason: output.reason,
      ...(credit && { asDeposit: output.asDeposit }),
    });
  });

  function confirm() {
    if (sending.current || !review) return;
    sending.current = true;
    adjust.mutate(review);
  }

  function back() {
    if (adjust.isPending) return;
    adjust.reset();
    setReview(null);
    setTimeout(() => form.setFocus('amount'));
  }

  const answer = adjust.data?.data;
  if (answer && 'requestedBy' in answer) {
    return (
      <Dialog title={title} onClose={onClose}>
        <Alert tone="info" title={t('creditRequests.statusWaiting')}>
          {t('players.creditWaiting', { amount: formatMoney(answer.amount), name: player.fullName })}
        </Alert>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.ok')}
          </button>
        </div>
      </Dialog>
    );
  }

  if (answer) {
    const entry = answer;
    return (
      <Dialog title={title} onClose={onClose}>
        <Alert tone="success" title={t('decision.done')}>
          {t(credit ? 'players.credited' : 'players.debited', {
            amount: formatMoney(entry.amount),
            name: player.fullName,
            balance: formatMoney(entry.afterAmount),
          })}
        </Alert>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('common.ok')}
          </button>
        </div>
      </Dialog>
    );
  }

  if (review) {
    const amount = formatMoney(review.amount);
    const error = adjust.error;
    return (
      <Dialog title={title} onClose={onClose}>
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
      </Dialog>
    );
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form onSubmit={onReview} noValidate className="dialog__form">
        <p>{t('players.balanceNow', { amount: formatMoney(player.balances.main) })}</p>
        <FormField
          id={ids.amount}
          label={t('players.amount')}
          hint={t('players.amountHint')}
          error={fieldErrorText(errors.amount)}
        >
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${ids.amount}-error` : undefined}
            {...form.register('amount', { setValueAs: parseAmount })}
          />
        </FormField>
        <FormField id={ids.reason} label={t('common.reason')} error={fieldErrorText(errors.reason)}>
          <textarea
            id={ids.reason}
            maxLength={500}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
            {...form.register('reason')}
          />
        </FormField>
        {credit && (
          <CheckField id={ids.asDeposit} label={t('players.asDepositLabel')} hint={t('players.asDepositHint')}>
            <input
              id={ids.asDeposit}
              type="checkbox"
              aria-describedby={`${ids.asDeposit}-hint`}
              {...form.register('asDeposit')}
            />
          </CheckField>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('players.continue')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
