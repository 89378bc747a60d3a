import {
  type ExclusionRequest,
  heldDepositSchema,
  PROTECTION_PATHS,
  type SetLimitRequest,
  statementResponseSchema,
} from '@app/contracts/protection';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { env } from '@/config/env';
import { PROTECTION_QUERY_KEY } from '@/features/protection/api/get-protection';
import { apiRequest } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { newIdempotencyKey, sendKeyed } from '@/lib/idempotency';
import { refreshPlayerData } from '@/lib/player-data';
import { queryClient } from '@/lib/query-client';
import { getToken } from '@/lib/token';

const messageSchema = z.object({ success: z.literal(true), message: z.string() });

const refreshProtection = () => queryClient.invalidateQueries({ queryKey: PROTECTION_QUERY_KEY });

export function useSetLimit() {
  return useMutation({
    mutationFn: (request: SetLimitRequest) =>
      apiRequest(PROTECTION_PATHS.limits, { method: 'PUT', body: request, schema: messageSchema }),
    onSettled: refreshProtection,
  });
}

export function useSetRealityCheck() {
  return useMutation({
    mutationFn: (minutes: number | null) =>
      apiRequest(PROTECTION_PATHS.realityCheck, { method: 'PUT', body: { minutes }, schema: messageSchema }),
    onSettled: refreshProtection,
  });
}

export function useStartExclusion() {
  return useMutation({
    mutationFn: (request: ExclusionRequest) =>
      apiRequest(PROTECTION_PATHS.exclusion, { method: 'POST', body: request, schema: messageSchema }),
    onSettled: refreshProtection,
  });
}

/** Returns a held deposit to the player's bank (the server returns each one once, however often asked). */
export function useReturnHeld() {
  return useMutation({
    mutationFn: (id: number) => {
      const key = newIdempotencyKey();
      return sendKeyed(() =>
        apiRequest(PROTECTION_PATHS.heldReturn.replace(':id', String(id)), {
          method: 'POST',
          headers: { 'Idempotency-Key': key },
          schema: z.object({ success: z.literal(true), message: z.string(), data: heldDepositSchema }),
        }),
      );
    },
    onSettled: async () => {
      await refreshProtection();
      await refreshPlayerData();
    },
  });
}

/** GET /api/player/statement: the last 12 months, newest first. */
export function useStatement(enabled: boolean) {
  return useQuery({
    queryKey: [...PROTECTION_QUERY_KEY, 'statement'] as const,
    queryFn: ({ signal }) => apiRequest(PROTECTION_PATHS.statement, { schema: statementResponseSchema, signal }),
    enabled,
    select: (response) => response.data.months,
  });
}

/**
 * The statement as a CSV file: fetched with the player's token (a plain link
 * could not carry it), then saved through a temporary object URL.
 */
export async function downloadStatementCsv(): Promise<void> {
  const token = getToken();
  const response = await fetch(`${env.apiUrl}${PROTECTION_PATHS.statementCsv}`, {
    headers: { Authorization: `Bearer ${token ?? ''}`, 'Accept-Language': i18n.language || 'en' },
  });
  if (!response.ok) throw new Error(`statement download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'statement.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
