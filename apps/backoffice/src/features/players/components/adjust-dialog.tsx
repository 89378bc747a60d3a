import './player-detail.css';
import type { CreditRequestResponse, DecisionResponse, PlayerDetail } from '@app/contracts/admin';
import { satangToBaht } from '@app/contracts/money';
import { type AdjustmentRequest, creditAdjustmentRequestSchema } from '@app/contracts/wallet';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import type { AdjustDirection } from '@/features/players/api/players';
import { AdjustFields } from '@/features/players/components/adjust-fields';
import { AdjustOutcome, AdjustReview } from '@/features/players/components/adjust-steps';
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
  // One dialog through every step: the form, the confirmation, the answer replace each other inside it.
  let step: React.ReactNode;
  if (answer) step = <AdjustOutcome answer={answer} credit={credit} player={player} onClose={onClose} />;
  else if (review) {
    step = (
      <AdjustReview
        review={review}
        credit={credit}
        player={player}
        summaryRef={summaryRef}
        sending={adjust}
        onBack={back}
        onConfirm={confirm}
      />
    );
  } else {
    step = (
      <form onSubmit={onReview} noValidate className="dialog__form">
        <p>{t('players.balanceNow', { amount: formatMoney(player.balances.main) })}</p>
        <AdjustFields form={form} credit={credit} />
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary">
            {t('players.continue')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <Dialog title={title} onClose={onClose}>
      {step}
    </Dialog>
  );
}
