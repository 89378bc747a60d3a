import { GAME_LAUNCH_LANG, type Language } from '@app/contracts/languages';
import { UFA_PROVIDER, WC_PROVIDER } from '../ledger/ledger.service.ts';
import { assertProtectionAllows } from '../protection/protection.service.ts';
import { type GamesContext, providerUnavailable } from './games-context.ts';
import { ProviderUnavailableError } from './provider-adapter.ts';
import { ensureProviderPlayer } from './provider-players.ts';
import { recordResultsBeforePlay } from './transfer.service.ts';

async function askLaunchUrl(ask: () => Promise<string>): Promise<string> {
  try {
    return await ask();
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw providerUnavailable();
    throw error;
  }
}

/**
 * The sports game at the UFA provider (spec §7 POST /api/player/launch). The
 * `lang` the provider gets is the player's interface language mapped as spec
 * §7 says (en EN-US, th TH-TH, ...). The app moves credit with transfer-out
 * before it opens the address. Every launch is refused by the player's own
 * protection; a player with a loss limit has their results at the
 * transfer-wallet provider recorded first (recordResultsBeforePlay), so that
 * the limit counts what they lost there.
 */
export async function launchSportsGame(ctx: GamesContext, playerId: number, language: Language): Promise<string> {
  await recordResultsBeforePlay(ctx, playerId);
  await assertProtectionAllows(ctx.db, playerId, 'PLAY');
  const { playerRef } = await ensureProviderPlayer(ctx, playerId, UFA_PROVIDER);
  return askLaunchUrl(() => ctx.wallet.launchUrl(playerRef, GAME_LAUNCH_LANG[language]));
}

/** The seamless-wallet game WC (spec §7 POST /api/player/launch-xzy); its bets debit the main wallet directly. */
export async function launchSeamlessGame(ctx: GamesContext, playerId: number, language: Language): Promise<string> {
  await recordResultsBeforePlay(ctx, playerId);
  await assertProtectionAllows(ctx.db, playerId, 'PLAY');
  const { playerRef } = await ensureProviderPlayer(ctx, playerId, WC_PROVIDER);
  return askLaunchUrl(() => ctx.seamless.launchUrl(playerRef, GAME_LAUNCH_LANG[language]));
}
