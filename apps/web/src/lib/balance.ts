import { BALANCE_REFRESH_MS } from '@app/contracts/limits';
import { API_PATHS } from '@app/contracts/paths';
import type { BalanceResponse } from '@app/contracts/player';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';
import { useAuthStore } from '@/stores/auth-store';

/** Spec §7: a failed balance fetch is logged and yields null. */
export async function getBalance(): Promise<BalanceResponse | null> {
  try {
    return await apiRequest(API_PATHS.balance, {
      schema: () => import('@app/contracts/player').then((contract) => contract.balanceResponseSchema),
    });
  } catch (error) {
    console.error('Could not load the balance', error);
    return null;
  }
}

export const balanceQueryOptions = queryOptions({
  queryKey: ['balance'],
  queryFn: getBalance,
});

type UseBalanceOptions = {
  /** The protected-route guard polls every BALANCE_REFRESH_MS (spec §4, §7). */
  poll?: boolean;
};

/** Runs only while a token exists (spec §6). */
export function useBalance({ poll = false }: UseBalanceOptions = {}) {
  const hasSession = useHasSession();
  return useQuery({
    ...balanceQueryOptions,
    enabled: hasSession,
    refetchInterval: poll ? BALANCE_REFRESH_MS : false,
  });
}

/** The main wallet balance in baht: the latest balance answer, else the user object's figure, else 0. */
export function useMainBalance(): number {
  const { data } = useBalance();
  const user = useAuthStore((state) => state.user);
  return data?.main.balance ?? user?.balance ?? 0;
}
