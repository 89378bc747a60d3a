import { AppError } from '../../lib/app-error.ts';
import { UFA_PROVIDER } from '../ledger/ledger.service.ts';
import { findPlayer } from '../player/player.service.ts';
import { gamesRepository } from './games.repository.ts';
import { type GamesContext, providerUnavailable } from './games-context.ts';
import { ProviderUnavailableError } from './provider-adapter.ts';

/**
 * The player as a provider knows them. The name we give a provider is the
 * player's username (an opaque member code, never the phone). A
 * transfer-wallet provider is told about the player once, before their first
 * transfer or launch; a seamless provider learns the name at launch.
 */
export async function ensureProviderPlayer(
  ctx: GamesContext,
  playerId: number,
  provider: string,
): Promise<{ playerRef: string; transferVersion: number }> {
  let known = await gamesRepository.providerPlayer(ctx.db, playerId, provider);
  if (!known) {
    const player = await findPlayer(ctx.db, playerId);
    if (!player) throw new AppError(404, 'PLAYER_NOT_FOUND', 'player_not_found');
    await gamesRepository.insertProviderPlayer(ctx.db, { playerId, provider, playerRef: player.username });
    known = await gamesRepository.providerPlayer(ctx.db, playerId, provider);
    if (!known) throw new Error(`provider player ${playerId}/${provider} was just created`);
  }
  if (provider === UFA_PROVIDER && !known.registeredAt) {
    try {
      await ctx.wallet.registerPlayer(known.playerRef);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) throw providerUnavailable();
      throw error;
    }
    await gamesRepository.markRegistered(ctx.db, playerId, provider);
  }
  return { playerRef: known.playerRef, transferVersion: known.transferVersion };
}

/** The player a provider's name stands for, if any. */
export function playerIdOfRef(ctx: GamesContext, provider: string, playerRef: string) {
  return gamesRepository.playerIdByRef(ctx.db, provider, playerRef);
}
