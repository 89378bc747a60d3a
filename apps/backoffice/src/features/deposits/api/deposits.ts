import { type DepositItem, depositItemSchema, pagedResponseSchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiBlob, apiRequest } from '@/lib/api-client';
import { postDecision } from '@/lib/decisions';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const depositPageSchema = pagedResponseSchema(depositItemSchema);

export type DepositFilters = { status: string; sort: string; q: string; page: number };

/**
 * GET /admin/deposits, paged, filtered and sorted as the address says, each
 * entry with what its slip's QR said and its warnings. It refreshes on its own
 * and keeps the last page on screen while the next answer comes.
 */
export function useDeposits(filters: DepositFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.deposits, filters],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.deposits, { query: filters, schema: depositPageSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The slip image at the path the server gave (the slip's imageUrl), fetched
 * with the operator's token: an <img src> could not send it. Not kept once
 * the dialog closes (gcTime 0): slips are personal data.
 */
export function useSlipImage(imageUrl: string) {
  return useQuery({
    queryKey: [...QUERY_KEYS.deposits, 'slip', imageUrl],
    queryFn: ({ signal }) => apiBlob(imageUrl, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A blob: address for an image while the component shows it; revoked when it goes (or the image changes). */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/**
 * Approve (the player is credited) or reject (nothing moves) one deposit.
 * An approval may settle an unmatched bank transfer, so that list refreshes
 * too, with the dashboard and the player's data.
 */
export function useDepositDecision() {
  const queryClient = useQueryClient();
  return {
    decide: (item: DepositItem, decision: 'approve' | 'reject', reason: string, idempotencyKey: string) =>
      decision === 'approve'
        ? postDecision(ADMIN_PATHS.depositApprove, item.id, reason ? { note: reason } : {}, idempotencyKey)
        : postDecision(ADMIN_PATHS.depositReject, item.id, { reason }, idempotencyKey),
    refresh: () => {
      for (const queryKey of [QUERY_KEYS.deposits, QUERY_KEYS.transfers, QUERY_KEYS.summary, QUERY_KEYS.player]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  };
}
