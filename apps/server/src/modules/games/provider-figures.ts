import { UFA_PROVIDER } from '../ledger/ledger.service.ts';
import type { ProviderFiguresReader } from '../player/player.routes.ts';
import { gamesRepository } from './games.repository.ts';
import type { GamesContext } from './games-context.ts';

/** The provider wallet's two figures for a player, in satang. */
export type ProviderFigures = { currentSatang: number; inGameSatang: number };

/** A fresh answer is reused for this long: the app polls the balance every 5 s. */
const FRESH_MS = 2_000;
/** Players whose last answer is remembered; the oldest is forgotten beyond this. */
const REMEMBERED_MAX = 10_000;

/**
 * The last figures each player's provider gave this server instance, kept in
 * insertion order so the oldest is forgotten first. Per instance by design:
 * it is only a fallback for a provider that does not answer.
 */
export class ProviderFiguresMemory {
  private readonly figures = new Map<number, ProviderFigures & { at: number }>();

  get(playerId: number) {
    return this.figures.get(playerId);
  }

  remember(playerId: number, figures: ProviderFigures): void {
    this.figures.delete(playerId);
    this.figures.set(playerId, { ...figures, at: Date.now() });
    if (this.figures.size > REMEMBERED_MAX) {
      const oldest = this.figures.keys().next().value;
      if (oldest !== undefined) this.figures.delete(oldest);
    }
  }

  /** After a transfer the figures changed: the next read asks the provider. */
  forget(playerId: number): void {
    this.figures.delete(playerId);
  }
}

/**
 * The figures the wallet panel shows (spec §3 ufa.current_credit and
 * in_game_credit), read from the provider with a short timeout. When the
 * provider does not answer, the last known figures of this instance; never
 * asked yet, our ledger's record of the provider credit and nothing in game.
 */
export async function providerFigures(
  ctx: GamesContext,
  playerId: number,
  ledgerSatang: number,
): Promise<ProviderFigures> {
  const cached = ctx.figures.get(playerId);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached;
  const known = await gamesRepository.providerPlayer(ctx.db, playerId, UFA_PROVIDER);
  return askedFigures(ctx, playerId, known ?? null, ledgerSatang);
}

/**
 * providerFigures for a caller that has already read the player's UFA
 * registration (null: never told the provider), e.g. with the balances.
 */
export async function askedFigures(
  ctx: GamesContext,
  playerId: number,
  known: { playerRef: string; registeredAt: Date | null } | null,
  ledgerSatang: number,
): Promise<ProviderFigures> {
  const cached = ctx.figures.get(playerId);
  if (cached && Date.now() - cached.at < FRESH_MS) return cached;
  if (!known?.registeredAt) return { currentSatang: ledgerSatang, inGameSatang: 0 };
  try {
    const balance = await ctx.wallet.balance(known.playerRef, ctx.timing.balanceTimeoutMs);
    const figures = { currentSatang: balance.currentCreditMinor, inGameSatang: balance.inGameCreditMinor };
    ctx.figures.remember(playerId, figures);
    return figures;
  } catch {
    return cached ?? { currentSatang: ledgerSatang, inGameSatang: 0 };
  }
}

/** The UFA provider's figures for the wallet panel, given our ledger's provider credits as the fallback. */
export function walletFigures(ctx: GamesContext, playerId: number, providerSatang: Map<string, number>) {
  return providerFigures(ctx, playerId, providerSatang.get(UFA_PROVIDER) ?? 0);
}

/** The figures as the player module's routes ask for them (its port, player.routes.ts). */
export function providerFiguresReader(ctx: GamesContext): ProviderFiguresReader {
  return {
    wallet: (playerId, providerSatang) => walletFigures(ctx, playerId, providerSatang),
    asked: (playerId, known, ledgerSatang) => askedFigures(ctx, playerId, known, ledgerSatang),
  };
}
