import { SATANG_PER_BAHT } from '@app/contracts/money';
import {
  type ExclusionView,
  type LimitView,
  PROTECTION_PATHS,
  type ProtectionData,
  protectionResponseSchema,
} from '@app/contracts/protection-views';
import { DEFAULT_PLAYER_LIMITS } from '@app/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';

export const PROTECTION_QUERY_KEY = ['protection'] as const;

/** GET /api/player/protection: limits, exclusion, reality check, held deposits. */
export function useProtection() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: PROTECTION_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(PROTECTION_PATHS.protection, { schema: protectionResponseSchema, signal }),
    enabled: hasSession,
    select: (response) => response.data,
    staleTime: 30_000,
  });
}

/** Why deposits are closed for the player now: a time-out or self-exclusion, or a deposit limit used up. */
export type DepositBlock =
  | { reason: 'EXCLUDED'; exclusion: ExclusionView }
  | { reason: 'DEPOSIT_LIMIT'; limit: LimitView };

/**
 * Whether the player's own protection closes deposits now, and why. A limit
 * closes them once what is left of it is below the smallest deposit (a
 * transfer then is held, not credited). With several limits used up, the one
 * that frees last is named: deposits open again only when every one has.
 */
export function depositBlock(data: ProtectionData | undefined, depositMinSatang: number): DepositBlock | null {
  if (!data) return null;
  if (data.exclusion) return { reason: 'EXCLUDED', exclusion: data.exclusion };
  const usedUp = data.limits.filter(
    (limit) =>
      limit.kind === 'DEPOSIT' &&
      limit.remaining !== null &&
      Math.round(limit.remaining * SATANG_PER_BAHT) < depositMinSatang,
  );
  const [first, ...rest] = usedUp;
  if (!first) return null;
  const limit = rest.reduce(
    (latest, next) => (Date.parse(next.periodEndsAt) > Date.parse(latest.periodEndsAt) ? next : latest),
    first,
  );
  return { reason: 'DEPOSIT_LIMIT', limit };
}

/** The deposit block in force, by the server's protection answer and its minimum deposit. */
export function useDepositBlock(): DepositBlock | null {
  const { data } = useProtection();
  const { data: settings } = useSettings();
  return depositBlock(data, (settings?.limits ?? DEFAULT_PLAYER_LIMITS).depositMinSatang);
}

/** An action the player's own protection closes now: until when (null: for good). */
export type ActionBlock = { until: string | null };

/**
 * What the player's own protection closes now, for the screens that offer it
 * (the home screen's buttons, the footer): a break closes deposits, games and
 * promotions until it ends; a deposit limit used up closes deposits until it
 * frees. null where the action is open.
 */
export function useBlockedActions(): Record<'deposit' | 'play' | 'promotions', ActionBlock | null> {
  const deposit = useDepositBlock();
  if (deposit?.reason === 'EXCLUDED') {
    const block = { until: deposit.exclusion.endsAt };
    return { deposit: block, play: block, promotions: block };
  }
  return { deposit: deposit ? { until: deposit.limit.periodEndsAt } : null, play: null, promotions: null };
}
