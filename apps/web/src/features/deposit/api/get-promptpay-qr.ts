import { promptPayResponseSchema } from '@app/contracts/deposits';
import { API_PATHS } from '@app/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';

/**
 * GET /api/player/deposit/promptpay?amount=: the PromptPay QR payload (EMVCo)
 * for the house account, for the amount given, or for no amount (the player's
 * banking app then asks for it). The server builds the payload so that the
 * house's PromptPay ID and the format's checksum live in one place.
 */
export function getPromptPayQr(amount: string | null, signal?: AbortSignal) {
  return apiRequest(API_PATHS.depositPromptPay, {
    query: amount === null ? undefined : { amount },
    schema: promptPayResponseSchema,
    signal,
  });
}

/** One QR per amount (null: none). `enabled` is false when no house account takes PromptPay. */
export function usePromptPayQr(amount: string | null, enabled: boolean) {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: ['deposit', 'promptpay', amount] as const,
    queryFn: ({ signal }) => getPromptPayQr(amount, signal),
    enabled: hasSession && enabled,
    // The payload for an amount never changes while the house account stays the same.
    staleTime: 5 * 60 * 1000,
  });
}
