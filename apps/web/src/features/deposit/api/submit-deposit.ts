import { slipDepositResponseSchema } from '@app/contracts/deposits';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sendKeyed } from '@/lib/idempotency';
import { refreshPlayerData } from '@/lib/player-data';

export type SlipDepositRequest = {
  /** Whole baht as typed (digits only). */
  amount: string;
  slip: File;
  /** Kept by the caller across retries of the same amount and slip, so the server records the deposit once. */
  idempotencyKey: string;
};

/**
 * POST /api/player/deposit as multipart/form-data: the text field `amount` and
 * the file `slip` (the server's own form parser reads exactly these two).
 */
export function submitDeposit({ amount, slip, idempotencyKey }: SlipDepositRequest) {
  const form = new FormData();
  form.append('amount', amount);
  form.append('slip', slip, slip.name);
  // A resend after no answer carries the same key (sendKeyed): the server records the deposit once.
  return sendKeyed(() =>
    apiRequest(API_PATHS.deposit, {
      method: 'POST',
      body: form,
      headers: { 'Idempotency-Key': idempotencyKey },
      schema: slipDepositResponseSchema,
    }),
  );
}

/**
 * An accepted slip may already have credited the wallet (CREDITED) and always
 * adds a history entry, so the balance, the user object and the history
 * lists are refetched.
 */
export function useSubmitDeposit() {
  return useMutation({
    mutationFn: submitDeposit,
    onSuccess: () => refreshPlayerData(),
  });
}
