import { SATANG_PER_BAHT } from '@app/contracts/money';
import type { ExclusionView, LimitView, ProtectionData } from '@app/contracts/protection-views';
import { DEFAULT_PLAYER_LIMITS } from '@app/contracts/settings';
import { useProtection } from '@/features/protection/api/get-protection';
import { useSettings } from '@/lib/settings';

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
