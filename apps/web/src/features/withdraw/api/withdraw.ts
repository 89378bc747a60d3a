import { API_PATHS } from '@app/contracts/paths';
import { type WithdrawRequest, withdrawResponseSchema } from '@app/contracts/wallet';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiRequest } from '@/lib/api-client';
import { balanceQueryOptions } from '@/lib/balance';
import { newIdempotencyKey, outcomeUnknown, sendKeyed } from '@/lib/idempotency';
import { refreshPlayerData } from '@/lib/player-data';
import { queryClient } from '@/lib/query-client';

/**
 * POST /api/player/withdraw with `{ amount }` in baht (at most two decimals).
 * The Idempotency-Key makes the server perform one withdrawal however often
 * the same request arrives; a send that got no answer is sent again with it
 * (sendKeyed).
 */
export function withdraw(request: WithdrawRequest, idempotencyKey: string) {
  return sendKeyed(() =>
    apiRequest(API_PATHS.withdraw, {
      method: 'POST',
      body: { amount: request.amount },
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: withdrawResponseSchema,
    }),
  );
}

/** One intended withdrawal: its amount and the key every send of it carries. */
type Attempt = { amount: number; key: string };

/**
 * The withdraw mutation. One key per intended withdrawal: sending the same
 * amount again after an unknown outcome (a double tap, a retry after a lost
 * answer) reuses it; another amount, a success or a refusal starts a new one.
 * After a success the wallet figures, profile and history refresh; after an
 * insufficient-balance refusal the balance does, since ours was evidently stale.
 */
export function useWithdraw() {
  const attempt = useRef<Attempt | null>(null);
  return useMutation({
    mutationFn: ({ amount }: WithdrawRequest) => {
      if (attempt.current?.amount !== amount) attempt.current = { amount, key: newIdempotencyKey() };
      return withdraw({ amount }, attempt.current.key);
    },
    onSuccess: () => {
      attempt.current = null;
      void refreshPlayerData();
    },
    onError: (error) => {
      if (!outcomeUnknown(error)) attempt.current = null;
      if (error instanceof ApiError && error.errorCode === 'AG_INSUFFICIENT_AMOUNT') {
        void queryClient.invalidateQueries({ queryKey: balanceQueryOptions.queryKey });
      }
    },
  });
}
