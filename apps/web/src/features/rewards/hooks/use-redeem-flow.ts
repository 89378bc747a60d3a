import type { Reward } from '@app/contracts/settings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRedeemReward } from '@/features/rewards/api/redeem';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/idempotency';

export type RedeemOutcome = { ok: boolean; message: string };

/**
 * Redeeming a reward: a confirmation first, then one send with an Idempotency-Key that every retry of this
 * redemption carries, and the server's words for the outcome. An unknown outcome keeps the confirmation
 * (and its key) open for a safe retry.
 */
export function useRedeemFlow() {
  const { t } = useTranslation();
  const redeem = useRedeemReward();
  /** The reward being confirmed, with the key every send of this redemption carries. */
  const [confirming, setConfirming] = useState<{ reward: Reward; key: string } | null>(null);
  const [outcome, setOutcome] = useState<RedeemOutcome | null>(null);

  function start(reward: Reward) {
    setOutcome(null);
    setConfirming({ reward, key: newIdempotencyKey() });
  }

  function confirm() {
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
          if (!outcomeUnknown(error)) setConfirming(null);
          setOutcome({
            ok: false,
            message: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('rewards.failed'),
          });
        },
      },
    );
  }

  return {
    confirming: confirming?.reward ?? null,
    outcome,
    busy: redeem.isPending,
    start,
    confirm,
    cancel: () => setConfirming(null),
    dismiss: () => setOutcome(null),
  };
}
