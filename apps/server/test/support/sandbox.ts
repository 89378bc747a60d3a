import { createServer } from 'node:net';
import {
  type FaultRule,
  PROVIDER_HEADERS,
  SANDBOX_CONTROL_PATHS,
  sandboxStateResponseSchema,
} from '@app/contracts/provider';
import { buildSandbox } from '@app/sandbox-provider/app';
import { loadSandboxConfig } from '@app/sandbox-provider/config';
import { signedHeaders } from '@app/signing/hmac';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/types.ts';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { sandboxSeamless, sandboxTransferWallet } from '../../src/modules/games/provider-adapter.ts';
import { ProviderFiguresMemory } from '../../src/modules/games/provider-figures.ts';
import { reconcileTransfers } from '../../src/modules/games/reconciler.ts';
import { ensureHouseAccounts } from '../../src/modules/ledger/ledger.service.ts';
import type { PayoutContext } from '../../src/modules/payouts/payout.service.ts';
import { sandboxPayoutBank } from '../../src/modules/payouts/payout-bank.ts';
import { credit, newPlayer, PROVIDER_SECRET, playerIdOf, type TestContext, testConfig } from './test-app.ts';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export type ProviderWorld = {
  server: App;
  sandbox: FastifyInstance;
  serverUrl: string;
  sandboxUrl: string;
  control: (path: string, body: unknown) => Promise<{ status: number; body: unknown }>;
  setFaults: (rules: FaultRule[]) => Promise<void>;
  providerCredit: (
    playerRefs: string[],
  ) => Promise<Map<string, { current: number; inGame: number; gameResult: number }>>;
  providerTransfers: (
    references: string[],
  ) => Promise<Map<string, { status: string; direction: string | null; amount: number | null }>>;
  /** The game services, wired to the sandbox like the server's: for reconciling and syncing directly. */
  games: GamesContext;
  /** The payout services, wired to the sandbox bank like the server's (lease 1 s): for working payouts directly. */
  payouts: PayoutContext;
  /** Reconciles until no transfer is pending (due at once); fails if some stay pending. */
  reconcileAll: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Our server and the sandbox provider, each on a loopback port of its own
 * and talking to each other over HTTP only, as in production: the server's
 * adapters call the sandbox, the sandbox calls the server's callbacks. The
 * server shares the test database.
 */
export async function providerWorld(
  t: TestContext,
  options: {
    providerTimeoutMs?: number;
    holdMs?: number;
    faultRate?: number;
    settleMs?: number;
    /** Payouts through the sandbox bank instead of a cashier; the worker's interval. */
    payouts?: { intervalMs?: number; timeoutMs?: number; bankBalanceBaht?: number };
  } = {},
): Promise<ProviderWorld> {
  const [serverPort, sandboxPort] = [await freePort(), await freePort()];
  const timeoutMs = options.providerTimeoutMs ?? 800;
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const sandbox = await buildSandbox(
    loadSandboxConfig({
      SANDBOX_PORT: String(sandboxPort),
      PROVIDER_SECRET,
      SERVER_URL: serverUrl,
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_DATA_DIR: 'memory',
      SANDBOX_TIMEOUT_HOLD_MS: String(options.holdMs ?? 1500),
      SANDBOX_CALLBACK_TIMEOUT_MS: '2000',
      SANDBOX_FAULT_RATE: String(options.faultRate ?? 0),
      SANDBOX_SETTLE_MS: String(options.settleMs ?? 60_000),
      SANDBOX_BANK_BALANCE: String(options.payouts?.bankBalanceBaht ?? 10_000_000),
      LOG_LEVEL: 'silent',
    }),
  );
  await sandbox.listen({ port: sandboxPort, host: '127.0.0.1' });
  if (options.payouts) {
    // This sandbox bank numbers its statement from line 1: the shared database forgets an earlier file's
    // bank (its statement lines and how far they were read), as a site's would when its payout account changed.
    await t.database.db.deleteFrom('bank_debits').execute();
    await t.database.db.deleteFrom('bank_statement_cursor').execute();
  }
  const server = await buildApp({
    db: t.database.db,
    config: testConfig({
      PORT: String(serverPort),
      UFA_PROVIDER_URL: sandboxUrl,
      WC_PROVIDER_URL: sandboxUrl,
      PROVIDER_TIMEOUT_MS: String(timeoutMs),
      RECONCILE_MIN_AGE_MS: '0',
      ...(options.payouts
        ? {
            PAYOUT_ADAPTER: 'sandbox',
            PAYOUT_BANK_URL: sandboxUrl,
            PAYOUT_TIMEOUT_MS: String(options.payouts.timeoutMs ?? timeoutMs),
            PAYOUT_INTERVAL_MS: String(options.payouts.intervalMs ?? 3_600_000),
          }
        : {}),
    }),
    logger: false,
  });
  await server.listen({ port: serverPort, host: '127.0.0.1' });

  const games: GamesContext = {
    db: t.database.db,
    house: await ensureHouseAccounts(t.database.db),
    wallet: sandboxTransferWallet({ baseUrl: sandboxUrl, secret: PROVIDER_SECRET, timeoutMs }),
    seamless: sandboxSeamless({ baseUrl: sandboxUrl, secret: PROVIDER_SECRET, timeoutMs }),
    timing: { providerTimeoutMs: timeoutMs, balanceTimeoutMs: 500, reconcileMinAgeMs: 0 },
    figures: new ProviderFiguresMemory(),
  };
  const control = async (path: string, body: unknown) => {
    const raw = JSON.stringify(body);
    const signed = signedHeaders(PROVIDER_SECRET, raw);
    const response = await fetch(`${sandboxUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: signed.timestamp,
        [PROVIDER_HEADERS.signature]: signed.signature,
      },
      body: raw,
    });
    return { status: response.status, body: await response.json() };
  };
  return {
    server,
    sandbox,
    serverUrl,
    sandboxUrl,
    control,
    async setFaults(rules) {
      const answer = await control(SANDBOX_CONTROL_PATHS.faults, { rules });
      if (answer.status !== 200) throw new Error(`set faults: ${JSON.stringify(answer.body)}`);
    },
    async providerCredit(playerRefs) {
      const answer = sandboxStateResponseSchema.parse(
        (await control(SANDBOX_CONTROL_PATHS.state, { playerRefs })).body,
      );
      return new Map(
        answer.players.map((p) => [
          p.playerRef,
          { current: p.currentCreditMinor, inGame: p.inGameCreditMinor, gameResult: p.gameResultMinor },
        ]),
      );
    },
    async providerTransfers(references) {
      const answer = sandboxStateResponseSchema.parse(
        (await control(SANDBOX_CONTROL_PATHS.state, { playerRefs: [], references })).body,
      );
      return new Map(
        answer.transfers.map((r) => [r.reference, { status: r.status, direction: r.direction, amount: r.amountMinor }]),
      );
    },
    games,
    payouts: {
      db: t.database.db,
      house: games.house,
      bank: sandboxPayoutBank({
        baseUrl: sandboxUrl,
        secret: PROVIDER_SECRET,
        timeoutMs: options.payouts?.timeoutMs ?? timeoutMs,
      }),
      timing: { leaseMs: 1_000, debitWaitMs: 60_000 },
    },
    async reconcileAll() {
      for (let round = 0; round < 50; round += 1) {
        const pending = await t.database.db
          .selectFrom('provider_transfers')
          .select('id')
          .where('status', '=', 'PENDING')
          .execute();
        if (pending.length === 0) return;
        await t.database.db
          .updateTable('provider_transfers')
          .set({ next_check_at: new Date(0), lease_until: null })
          .where('status', '=', 'PENDING')
          .execute();
        await reconcileTransfers(games, 200);
      }
      throw new Error('transfers stayed pending');
    },
    async close() {
      // Keep-alive connections between the two (and a request a fault holds open) must not keep either alive.
      server.server.closeAllConnections();
      sandbox.server.closeAllConnections();
      await Promise.all([server.close(), sandbox.close()]);
    },
  };
}

/** A registered, logged-in player with a balance, and their name at providers (their username). */
export async function gamePlayer(t: TestContext, app: App, baht: number) {
  const player = await newPlayer(app);
  if (baht > 0) await credit(app, player.phoneNumber, baht);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  const row = await t.database.db
    .selectFrom('players')
    .select('username')
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow();
  return { ...player, playerId, playerRef: row.username };
}
