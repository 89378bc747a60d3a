import { type TransferResponse, transferResponseSchema } from '@app/contracts/games';
import { API_PATHS } from '@app/contracts/paths';
import { ApiError, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey, sendKeyed } from '@/lib/idempotency';
import { refreshPlayerData } from '@/lib/player-data';

export type TransferDirection = 'in' | 'out';

/**
 * POST /api/player/transfer-out (the whole main balance to the UFA provider)
 * or /api/player/transfer-in (the whole provider credit back), both with an
 * empty body (spec §7). Each call carries a fresh Idempotency-Key, and every
 * resend of it after no answer (sendKeyed) the same one, so it is performed
 * once; the player's figures refresh after it.
 */
export async function transferCredit(direction: TransferDirection): Promise<TransferResponse> {
  const key = newIdempotencyKey();
  try {
    return await sendKeyed(() =>
      apiRequest(direction === 'out' ? API_PATHS.transferOut : API_PATHS.transferIn, {
        method: 'POST',
        headers: { 'Idempotency-Key': key },
        schema: transferResponseSchema,
      }),
    );
  } finally {
    void refreshPlayerData();
  }
}

/**
 * Refusals that leave the money where the player can still play: there was
 * nothing to move, or a transfer is already on its way (the server settles it).
 */
export function isHarmlessTransferRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.errorCode === 'NOTHING_TO_TRANSFER' || error.errorCode === 'TRANSFER_PENDING')
  );
}
