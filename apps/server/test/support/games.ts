import type { ProviderBalance, TransferStatus, WalletTransferRequest } from '@app/contracts/provider';
import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import type { App } from '../../src/http/types.ts';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import {
  ProviderUnavailableError,
  type TransferOutcome,
  type TransferWalletProvider,
} from '../../src/modules/games/provider-adapter.ts';
import { ProviderFiguresMemory } from '../../src/modules/games/provider-figures.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { ensureHouseAccounts, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { PROVIDER_SECRET, type TestContext } from './test-app.ts';

type Behaviour = 'complete' | 'reject' | 'unknown-applied' | 'unknown-not-applied' | 'unavailable';

/**
 * An in-process transfer-wallet provider for service tests: it keeps credit
 * per player and applies each reference once, and the next transfers can be
 * told to complete, be refused, or end with an unknown outcome (applied or
 * not), as a real provider's timeouts and lost answers do.
 */
export class FakeWallet implements TransferWalletProvider {
  readonly credit = new Map<string, number>();
  readonly inGame = new Map<string, number>();
  /** The stakes of settled bets per player, a running total as the provider reports it (none: not reported). */
  readonly settledStakes = new Map<string, number>();
  readonly applied = new Map<string, { playerRef: string; amount: number; direction: 'in' | 'out' }>();
  readonly voided = new Set<string>();
  readonly registered = new Set<string>();
  next: Behaviour[] = [];
  balanceFails = false;

  async registerPlayer(playerRef: string) {
    this.registered.add(playerRef);
  }

  private apply(direction: 'in' | 'out', request: WalletTransferRequest): TransferOutcome {
    if (this.voided.has(request.reference)) return { kind: 'rejected', code: 'REFERENCE_VOIDED', message: 'voided' };
    if (this.applied.has(request.reference)) return { kind: 'completed' };
    const current = this.credit.get(request.playerRef) ?? 0;
    if (direction === 'out' && request.amountMinor > current) {
      return { kind: 'rejected', code: 'INSUFFICIENT_CREDIT', message: 'insufficient' };
    }
    this.credit.set(request.playerRef, current + (direction === 'in' ? request.amountMinor : -request.amountMinor));
    this.applied.set(request.reference, { playerRef: request.playerRef, amount: request.amountMinor, direction });
    return { kind: 'completed' };
  }

  private async transfer(direction: 'in' | 'out', request: WalletTransferRequest): Promise<TransferOutcome> {
    const behaviour = this.next.shift() ?? 'complete';
    if (behaviour === 'reject') return { kind: 'rejected', code: 'PLAYER_NOT_FOUND', message: 'refused' };
    if (behaviour === 'unknown-not-applied' || behaviour === 'unavailable')
      return { kind: 'unknown', error: 'timeout' };
    const outcome = this.apply(direction, request);
    return behaviour === 'unknown-applied' ? { kind: 'unknown', error: 'lost answer' } : outcome;
  }

  creditIn = (request: WalletTransferRequest) => this.transfer('in', request);
  creditOut = (request: WalletTransferRequest) => this.transfer('out', request);

  async balance(playerRef: string): Promise<ProviderBalance> {
    if (this.balanceFails) throw new ProviderUnavailableError('balance: down');
    return {
      ok: true,
      currentCreditMinor: this.credit.get(playerRef) ?? 0,
      inGameCreditMinor: this.inGame.get(playerRef) ?? 0,
      ...(this.settledStakes.has(playerRef) ? { settledStakesMinor: this.settledStakes.get(playerRef) } : {}),
    };
  }

  async status(reference: string): Promise<TransferStatus> {
    if (this.applied.has(reference)) return 'COMPLETED';
    this.voided.add(reference);
    return 'VOIDED';
  }

  async launchUrl(playerRef: string, lang: string) {
    return `https://fake.example/play/sports?player=${playerRef}&lang=${lang}`;
  }
}

/** A games context on the shared test database with a fake transfer-wallet provider. */
export async function fakeGames(
  t: TestContext,
  wallet = new FakeWallet(),
): Promise<GamesContext & { wallet: FakeWallet }> {
  return {
    db: t.database.db,
    house: await ensureHouseAccounts(t.database.db),
    wallet,
    seamless: { launchUrl: async (playerRef, lang) => `https://fake.example/play/wc?player=${playerRef}&lang=${lang}` },
    timing: { providerTimeoutMs: 1000, balanceTimeoutMs: 500, reconcileMinAgeMs: 0 },
    figures: new ProviderFiguresMemory(),
  };
}

/** Calls one of our seamless-wallet callbacks as the provider does: a signed JSON POST. */
export function callback(
  app: App,
  path: string,
  body: unknown,
  options: { secret?: string; nowMs?: number; rawBody?: string } = {},
) {
  const raw = options.rawBody ?? JSON.stringify(body);
  const signed = signedHeaders(options.secret ?? PROVIDER_SECRET, raw, options.nowMs);
  return app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_HEADERS.timestamp]: signed.timestamp,
      [PROVIDER_HEADERS.signature]: signed.signature,
    },
    payload: raw,
  });
}

let rounds = 0;

/** The player's name at the seamless provider WC. */
export async function wcPlayerRef(t: TestContext, playerId: number): Promise<string> {
  return (await ensureProviderPlayer(await fakeGames(t), playerId, WC_PROVIDER)).playerRef;
}

/**
 * A WC round of the player's through the signed callbacks: a bet of `satang`, then its result, a win of
 * `win` satang (0: lost), unless `open` leaves the round open. Throws when the provider's call is refused.
 * Answers the bet's transaction id and the round.
 */
export async function wcRound(
  t: TestContext,
  playerId: number,
  satang: number,
  options: { win?: number; open?: boolean } = {},
): Promise<{ txnId: string; roundId: string }> {
  const playerRef = await wcPlayerRef(t, playerId);
  const tag = `${process.pid}-${Date.now()}-${++rounds}`;
  const [txnId, roundId] = [`bet-${tag}`, `round-${tag}`];
  const placed = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, { playerRef, txnId, roundId, amountMinor: satang });
  if (placed.json().ok !== true) throw new Error(`the bet was refused: ${placed.body}`);
  if (!options.open) await wcResult(t, playerId, roundId, options.win ?? 0);
  return { txnId, roundId };
}

/** The result of an open WC round: a win of `win` satang (0: lost). */
export async function wcResult(t: TestContext, playerId: number, roundId: string, win: number): Promise<void> {
  const playerRef = await wcPlayerRef(t, playerId);
  const settled = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
    playerRef,
    txnId: `win-${process.pid}-${Date.now()}-${++rounds}`,
    roundId,
    amountMinor: win,
  });
  if (settled.json().ok !== true) throw new Error(`the result was refused: ${settled.body}`);
}
