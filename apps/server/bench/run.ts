/**
 * `npm run bench`: the wallet's speed on this machine, with the baselines
 * measured in the same run (see docs/performance.md).
 *
 * - pgbench TPC-B on the same PostgreSQL before and after the HTTP runs, and
 *   its select-only run;
 * - a bare Fastify route in its own process, driven by the same load generator;
 * - the product as `npm start` runs it (compiled server and sandbox provider):
 *   money-moving calls over HTTP with real tokens and distinct
 *   Idempotency-Keys, balance/profile/history reads and logins, at a stated
 *   concurrency; the server's memory idle and under load, its time to /health;
 * - the same money calls on the embedded store (PGlite), its peak memory;
 * - the web app's first-load JS and CSS per page and Lighthouse (mobile);
 * - with --scale N, the same PostgreSQL runs again on a database seeded in SQL
 *   with N players and 50 postings each (bench/scale.ts), beside the empty run.
 *
 *   npm run bench -- [--seconds 10] [--connections 16] [--players 50] [--pgbench-scale 16] [--scale 1000000]
 *                    [--skip web,lighthouse,embedded,postgres] [--lighthouse-runs 5]
 *                    [--only withdraw,manual-debit,manual-credit,approve,auto-withdraw,seamless,transfer,deposit,slip,redeem,balance,profile,history,search,login]
 *                    [--from-source] [--instructions] [--out reports/bench/latest.json]
 *
 * PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL; the bench
 * creates its own databases there and drops them afterwards.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SLIP_UPLOADS_PER_PLAYER_MAX } from '@app/contracts/limits';
import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import pg from 'pg';
import { freePort } from '../reliability/cluster.ts';
import { openPostgres } from '../src/db/database.ts';
import { DEFAULT_DEPOSIT_ACCOUNTS } from '../src/db/seed.ts';
import { migrate } from '../src/migrations.ts';
import { slipImage, slipPayload } from '../src/modules/demo/demo-slip.ts';
import { WC_PROVIDER } from '../src/modules/ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from '../src/modules/loyalty/loyalty-settings.ts';
import { havePgbench, initPgbench, type PgbenchFigures, pgbench } from './baselines.ts';
import { haveValgrind, type InstructionFigures, measureInstructions } from './instructions.ts';
import { type LoadFigures, load, type NextRequest } from './load.ts';

/** What every HTTP run of one bench shares: its connections, its length and the server measured. */
type LoadOptions = { connections: number; seconds: number; serverPid?: number };

import { bearer, call, newKey, PASSWORD, type Player, runTag, setUpPlayers } from './players.ts';
import {
  BenchProcess,
  type RunMode,
  repoRoot,
  type Secrets,
  serverDir,
  sleep,
  startSandbox,
  startServer,
} from './processes.ts';
import { formatReport } from './report.ts';
import { type ScaleFigures, seedScale } from './scale.ts';
import { chromiumPath, type LighthouseFigures, lighthouse, type RouteWeight, routeWeights } from './web.ts';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    players: { type: 'string', default: '50' },
    'pgbench-scale': { type: 'string', default: '16' },
    scale: { type: 'string', default: '0' },
    'lighthouse-runs': { type: 'string', default: '5' },
    skip: { type: 'string', default: '' },
    only: { type: 'string', default: '' },
    'from-source': { type: 'boolean', default: false },
    instructions: { type: 'boolean', default: false },
    out: { type: 'string', default: path.join(repoRoot, 'reports', 'bench', 'latest.json') },
  },
});
const SECONDS = Number(flags.seconds);
const CONNECTIONS = Number(flags.connections);
const PLAYERS = Number(flags.players);
/** Players to seed for the run at scale (--scale N); 0: no run at scale. */
const SCALE = Number(flags.scale);
const SKIP = new Set(flags.skip.split(',').filter(Boolean));
/** Only these HTTP runs (withdraw, manual-debit, approve, seamless, transfer, deposit, balance, profile, history, login); all when empty. */
const ONLY = new Set(flags.only.split(',').filter(Boolean));
const wanted = (run: string) => ONLY.size === 0 || ONLY.has(run);
const MODE: RunMode = flags['from-source'] ? 'source' : 'compiled';
if (!(Number.isInteger(SCALE) && SCALE >= 0 && SCALE <= 50_000_000)) {
  console.error('bench: --scale must be a whole number of players from 0 to 50000000');
  process.exit(2);
}
if (!(CONNECTIONS >= 1 && PLAYERS >= CONNECTIONS && PLAYERS <= 500 && SECONDS > 0)) {
  console.error(
    'bench: --connections must be at least 1, --players at least --connections and at most 500, --seconds above 0',
  );
  process.exit(2);
}
/** The withdrawal amount (baht): the seeded minimum. */
const WITHDRAW_BAHT = 100;
/** A bank-feed deposit's amount (baht). */
const DEPOSIT_BAHT = 100;
/** A slip deposit's amount (baht). */
const SLIP_BAHT = 100;

/** Withdrawals a low-risk player asks for and the rules pay at once, from request to paid by the sandbox bank. */
export type AutoWithdrawFigures = {
  /** The request itself (POST /api/player/withdraw), as the load generator saw it. */
  request: LoadFigures;
  /** Payouts the run's requests created, how many the rules paid automatically, how many went to review. */
  payouts: number;
  automatic: number;
  /** Request to paid (the bank's answer recorded), per automatic payout, in ms. */
  paidP50: number;
  paidP99: number;
  paidMax: number;
};

export type StoreFigures = {
  startMs: number;
  autoWithdraw?: AutoWithdrawFigures;
  rssIdleMiB: number;
  rssLoadMiB: number;
  peakMiB: number;
  money: Record<string, LoadFigures>;
  reads: Record<string, LoadFigures>;
  login?: LoadFigures;
  /** The driver floor: the balance's query behind a bare route, on this store's database. */
  floor?: LoadFigures;
};

export type BenchReport = {
  at: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; postgres?: string };
  settings: { seconds: number; connections: number; players: number; pgbenchScale: number; mode: RunMode };
  argon2: string;
  pgbench?: { before: PgbenchFigures; selectOnly: PgbenchFigures; after: PgbenchFigures };
  /** PostgreSQL's instructions per call and per TPC-B transaction (--instructions): a cost no machine noise moves. */
  instructions?: InstructionFigures;
  /** The seamless bet and win, one pair per pgbench transaction, on the product's database without the server. */
  seamlessInDatabase?: PgbenchFigures;
  bare?: LoadFigures;
  postgres?: StoreFigures;
  /** The same runs on a database seeded with --scale players. */
  scale?: ScaleFigures & { figures: StoreFigures };
  embedded?: StoreFigures;
  web?: RouteWeight[];
  lighthouse?: LighthouseFigures;
  /** The last `npm test` in this checkout (scripts/test-clock.mjs): when, on how many cores, how long; null when none finished. */
  testLoop?: { startedAt: string; cores: number; seconds: number | null } | null;
};

/** What scripts/test-clock.mjs kept of the last `npm test` here (seconds null: it did not finish). */
function lastTestLoop(): BenchReport['testLoop'] {
  const file = path.join(repoRoot, 'reports', 'test-loop.json');
  if (!existsSync(file)) return null;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { startedAt: string; cores: number; seconds?: number };
  return { startedAt: kept.startedAt, cores: kept.cores, seconds: kept.seconds ?? null };
}

/** The server process being measured (its CPU is reported per request). */
let serverPid: number | undefined;

/** The value at a fraction of sorted values (nearest rank). */
function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

/** Until no payout is in flight (the bank has answered every one), at most `limitMs`. */
async function untilPayoutsSettled(base: string, secrets: Secrets, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (Date.now() < deadline) {
    const summary = await call(`${base}${ADMIN_PATHS.payoutSummary}`, { headers: { 'x-admin-key': secrets.adminKey } });
    if (Number(summary.data?.inFlight) === 0) return;
    await sleep(200);
  }
  throw new Error('bench: payouts still in flight');
}

type PayoutRow = { approvedBy: string; requestedAt: string; paidAt: string | null; status: string };

/** Every payout created at or after `since`, newest first. */
async function payoutsSince(base: string, secrets: Secrets, since: number): Promise<PayoutRow[]> {
  const rows: PayoutRow[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(`${base}${ADMIN_PATHS.payouts}?limit=100&page=${page}`, {
      headers: { 'x-admin-key': secrets.adminKey },
    });
    const items = (answer.data?.items ?? []) as (PayoutRow & { createdAt: string })[];
    const recent = items.filter((item) => Date.parse(item.requestedAt) >= since);
    rows.push(...recent);
    if (items.length < 100 || recent.length < items.length) return rows;
  }
}

/**
 * Auto-withdraw end to end: players who had a withdrawal paid
 * before (reviewed and approved once, as a new player's first one is) ask
 * for 100 baht at the run's concurrency; with the default rules nothing
 * objects, so each is approved by the rules and paid through the sandbox
 * bank at once. Measured: the request, and request → paid per payout.
 */
async function autoWithdrawRun(base: string, secrets: Secrets): Promise<AutoWithdrawFigures> {
  // Players of their own (the withdraw run's have withdrawn hundreds of times today).
  const players = await setUpPlayers(base, secrets.adminKey, PLAYERS, PLAYERS);
  const operator = { 'x-admin-key': secrets.adminKey };
  for (const player of players) {
    const first = await call(`${base}${API_PATHS.withdraw}`, {
      headers: { ...bearer(player), 'idempotency-key': newKey() },
      body: { amount: WITHDRAW_BAHT },
    });
    const id = (first.data as { id: number }).id;
    await call(`${base}${fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(id) })}`, {
      headers: { ...operator, 'idempotency-key': newKey() },
      body: {},
    });
  }
  await untilPayoutsSettled(base, secrets, 60_000);
  const since = Date.now();
  const nextPlayer = rotation(players);
  const request = await load(base, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    serverPid,
    steps: [
      () => ({
        method: 'POST',
        path: API_PATHS.withdraw,
        headers: { ...bearer(nextPlayer()), 'idempotency-key': newKey() },
        body: JSON.stringify({ amount: WITHDRAW_BAHT }),
      }),
    ],
  });
  await untilPayoutsSettled(base, secrets, 120_000);
  const payouts = await payoutsSince(base, secrets, since);
  const automatic = payouts.filter((row) => row.approvedBy === 'auto' && row.paidAt !== null);
  const times = automatic
    .map((row) => Date.parse(row.paidAt ?? '') - Date.parse(row.requestedAt))
    .sort((a, b) => a - b);
  return {
    request,
    payouts: payouts.length,
    automatic: automatic.length,
    paidP50: percentile(times, 0.5),
    paidP99: percentile(times, 0.99),
    paidMax: times.at(-1) ?? 0,
  };
}

/** The ids of every waiting withdrawal, from the operator queue. */
async function waitingWithdrawals(base: string, secrets: Secrets): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call(`${base}${ADMIN_PATHS.withdrawals}?status=WAITING&limit=100&page=${page}`, {
      headers: { 'x-admin-key': secrets.adminKey },
    });
    const items = (answer.data?.items ?? []) as { id: number }[];
    ids.push(...items.map((item) => item.id));
    if (items.length < 100) return ids;
  }
}

/**
 * Players lent to a connection for one pass of a sequence (a bet and its win,
 * a transfer out and back in), so that no two connections play one player's
 * sequence at once, as one phone would not.
 */
class PlayerPool {
  private readonly free: Player[];

  constructor(players: Player[]) {
    this.free = [...players];
  }

  /** The pass's player: taken from the pool on its first step. */
  take(sequence: Record<string, unknown>): Player {
    if (sequence.player === undefined) {
      const player = this.free.shift();
      if (!player) throw new Error('more connections than players');
      sequence.player = player;
    }
    return sequence.player as Player;
  }

  giveBack = (sequence: Record<string, unknown>): void => {
    if (sequence.player !== undefined) this.free.push(sequence.player as Player);
  };
}

/** The players in turn, one per call. */
function rotation(players: Player[]): () => Player {
  let next = 0;
  return () => {
    const player = players[next % players.length] as Player;
    next += 1;
    return player;
  };
}

/** The money-moving calls, in an order that keeps each possible: withdrawals, their approvals, bets and wins, transfers, deposits. */
async function moneyRuns(base: string, secrets: Secrets, players: Player[]): Promise<Record<string, LoadFigures>> {
  const options: LoadOptions = { connections: CONNECTIONS, seconds: SECONDS, serverPid };
  const nextPlayer = rotation(players);
  const money: Record<string, LoadFigures> = {};
  if (wanted('withdraw'))
    money.withdraw = await load(base, {
      ...options,
      steps: [
        () => {
          const player = nextPlayer();
          return {
            method: 'POST',
            path: API_PATHS.withdraw,
            headers: { ...bearer(player), 'idempotency-key': newKey() },
            body: JSON.stringify({ amount: WITHDRAW_BAHT }),
          };
        },
      ],
    });
  // The operator's adjustment of 1 baht, a debit or a credit, of the players in turn.
  const adjustment = (path: string) =>
    load(base, {
      ...options,
      steps: [
        () => ({
          method: 'POST',
          path: fillPath(path, { id: String(nextPlayer().id) }),
          headers: { 'x-admin-key': secrets.adminKey, 'idempotency-key': newKey() },
          body: JSON.stringify({ amount: 1, reason: 'bench' }),
        }),
      ],
    });
  if (wanted('manual-debit')) money['manual debit (operator)'] = await adjustment(ADMIN_PATHS.playerDebit);
  if (wanted('manual-credit')) money['manual credit (operator)'] = await adjustment(ADMIN_PATHS.playerCredit);
  const waiting = await waitingWithdrawals(base, secrets);
  let nextWaiting = 0;
  if (wanted('approve') && waiting.length > 0)
    money.approve = await load(base, {
      ...options,
      amount: waiting.length,
      steps: [
        () => ({
          method: 'POST',
          path: ADMIN_PATHS.withdrawalApprove.replace(':id', String(waiting[nextWaiting++])),
          headers: { 'x-admin-key': secrets.adminKey, 'idempotency-key': newKey() },
          body: '{}',
        }),
      ],
    });
  // A pool per run: a run that ends mid-pass keeps its players lent.
  let pool = new PlayerPool(players);
  let round = 0;
  const seamless =
    (kind: 'bet' | 'win' | 'rollback'): NextRequest =>
    (sequence) => {
      const player = pool.take(sequence);
      if (kind === 'bet') {
        round += 1;
        sequence.round = `${runTag}-${round}`;
      }
      const raw = JSON.stringify(
        kind === 'rollback'
          ? { playerRef: player.username, txnId: `rollback-${sequence.round}`, betTxnId: `bet-${sequence.round}` }
          : {
              playerRef: player.username,
              txnId: `${kind}-${sequence.round}`,
              roundId: `round-${sequence.round}`,
              amountMinor: 100,
            },
      );
      const signed = signedHeaders(secrets.provider, raw);
      return {
        method: 'POST',
        path: SEAMLESS_CALLBACK_PATHS[kind],
        headers: { [PROVIDER_HEADERS.timestamp]: signed.timestamp, [PROVIDER_HEADERS.signature]: signed.signature },
        body: raw,
      };
    };
  // A bet and the call that settles it (its win, or its rollback), each player's bets one after the other.
  for (const settle of ['win', 'rollback'] as const) {
    if (wanted('seamless'))
      money[`seamless bet/${settle}`] = await load(base, {
        ...options,
        steps: [seamless('bet'), seamless(settle)],
        onPass: pool.giveBack,
        refused: (body) => body.includes('"ok":false'),
      });
    pool = new PlayerPool(players);
  }
  const transfer =
    (path: string): NextRequest =>
    (sequence) => ({
      method: 'POST',
      path,
      headers: { ...bearer(pool.take(sequence)), 'idempotency-key': newKey() },
    });
  if (wanted('transfer'))
    money['transfer out/in'] = await load(base, {
      ...options,
      steps: [transfer(API_PATHS.transferOut), transfer(API_PATHS.transferIn)],
      onPass: pool.giveBack,
    });
  if (wanted('deposit')) {
    // The bank feed reports a transfer from a player's own account to the house account, each with a reference
    // of its own: the sender fits one player, so it is credited to them at once (a new DEPOSIT).
    let deposits = 0;
    money['deposit (bank feed)'] = await load(base, {
      ...options,
      steps: [
        () => {
          deposits += 1;
          return feedLine(secrets, `BENCH${runTag}${deposits}`, nextPlayer(), DEPOSIT_BAHT);
        },
      ],
      refused: (body) => !body.includes('"result":"credited"'),
    });
  }
  if (wanted('slip'))
    money['slip deposit (upload, then its feed line)'] = await slipRun(base, secrets, options, players);
  if (wanted('redeem'))
    money['reward redemption (1 baht of credit)'] = await redeemRun(base, secrets, options, players);
  return money;
}

/** The bank feed's line of a transfer of `baht` from the player's own account to the house account. */
function feedLine(secrets: Secrets, reference: string, player: Player, baht: number): ReturnType<NextRequest> {
  const [house] = DEFAULT_DEPOSIT_ACCOUNTS;
  if (house === undefined) throw new Error('bench: no house deposit account is seeded');
  const raw = JSON.stringify({
    reference,
    fromBankCode: 'KBANK',
    fromAccountNumber: player.bankNumber,
    toAccountNumber: house.bank_number,
    amount: baht,
    transferredAt: new Date().toISOString(),
  });
  const signed = signedHeaders(secrets.webhook, raw);
  return {
    method: 'POST',
    path: WEBHOOK_PATHS.bankTransfers,
    headers: { 'x-webhook-timestamp': signed.timestamp, 'x-webhook-signature': signed.signature },
    body: raw,
  };
}

/**
 * Slip deposits: the player's upload of a new slip image (the deposit waits), then the bank feed's line that
 * credits it. As many pairs as the upload throttle lets every player send (SLIP_UPLOADS_PER_PLAYER_MAX each),
 * the images drawn before the run so that the load generator only sends them.
 */
async function slipRun(base: string, secrets: Secrets, options: LoadOptions, players: Player[]): Promise<LoadFigures> {
  const slips: { body: Buffer; contentType: string; player: Player; reference: string }[] = [];
  for (let index = 0; index < players.length * SLIP_UPLOADS_PER_PLAYER_MAX; index += 1) {
    const reference = `BSLIP${runTag}${index}`;
    const form = new FormData();
    form.append('amount', String(SLIP_BAHT));
    const image = await slipImage(slipPayload({ sendingBank: '004', reference }));
    form.append('slip', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'slip.png');
    const encoded = new Response(form);
    slips.push({
      body: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type') ?? '',
      player: players[index % players.length] as Player,
      reference,
    });
  }
  let next = 0;
  type Slip = (typeof slips)[number];
  return load(base, {
    ...options,
    // Each connection's request in flight is sent beyond the amount: one slip each is left for them.
    amount: (slips.length - options.connections) * 2,
    steps: [
      (sequence) => {
        const slip = slips[next++ % slips.length] as Slip;
        sequence.slip = slip;
        return {
          method: 'POST',
          path: API_PATHS.deposit,
          headers: { ...bearer(slip.player), 'idempotency-key': newKey() },
          body: slip.body,
          contentType: slip.contentType,
        };
      },
      (sequence) => {
        const slip = sequence.slip as Slip;
        return feedLine(secrets, slip.reference, slip.player, SLIP_BAHT);
      },
    ],
    refused: (body) => !body.includes('"result":"WAITING"') && !body.includes('"result":"credited"'),
  });
}

/** Redemptions of a reward of 1 baht of credit that costs no points, by the players in turn. */
async function redeemRun(
  base: string,
  secrets: Secrets,
  options: LoadOptions,
  players: Player[],
): Promise<LoadFigures> {
  const reward = await call(`${base}${ADMIN_PATHS.rewards}`, {
    headers: { 'x-admin-key': secrets.adminKey },
    body: { name: `Bench ${runTag}`, imageUrl: 'free-credit-100.png', kind: 'credit', creditSatang: 100 },
  });
  const path = fillPath(API_PATHS.rewardRedeem, { id: String(reward.data?.id) });
  const nextPlayer = rotation(players);
  return load(base, {
    ...options,
    steps: [() => ({ method: 'POST', path, headers: { ...bearer(nextPlayer()), 'idempotency-key': newKey() } })],
  });
}

async function readRuns(base: string, secrets: Secrets, players: Player[]): Promise<Record<string, LoadFigures>> {
  const reads: Record<string, LoadFigures> = {};
  for (const [name, route] of [
    ['balance', API_PATHS.balance],
    ['profile', API_PATHS.profile],
    ['history', API_PATHS.history],
  ] as const) {
    const nextPlayer = rotation(players);
    if (!wanted(name)) continue;
    reads[name] = await load(base, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      serverPid,
      steps: [() => ({ method: 'GET', path: route, headers: bearer(nextPlayer()) })],
    });
  }
  // The back office's player search by a full phone number (a contains-match over
  // every player): at the run's concurrency, and as one operator searching alone.
  const nextSearched = rotation(players);
  const searchStep = () => ({
    method: 'GET' as const,
    path: `${ADMIN_PATHS.players}?q=${nextSearched().phone}`,
    headers: { 'x-admin-key': secrets.adminKey },
  });
  if (wanted('search')) {
    reads.search = await load(base, { connections: CONNECTIONS, seconds: SECONDS, serverPid, steps: [searchStep] });
    reads['search, one operator'] = await load(base, {
      connections: 1,
      seconds: SECONDS,
      serverPid,
      steps: [searchStep],
    });
  }
  return reads;
}

async function loginRun(base: string, players: Player[]): Promise<LoadFigures> {
  const nextPlayer = rotation(players);
  return load(base, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    serverPid,
    steps: [
      () => ({
        method: 'POST',
        path: API_PATHS.login,
        body: JSON.stringify({
          username: nextPlayer().phone,
          password: PASSWORD,
        }),
      }),
    ],
  });
}

/** One store: the server and the sandbox started as `npm start` starts them, the players set up, every run measured. */
async function measureStore(store: { databaseUrl?: string; full: boolean }): Promise<StoreFigures> {
  const secrets: Secrets = {
    token: randomBytes(32).toString('hex'),
    provider: randomBytes(32).toString('hex'),
    adminKey: randomBytes(32).toString('hex'),
    webhook: randomBytes(32).toString('hex'),
  };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siam-play-bench-'));
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const sandbox = startSandbox(MODE, sandboxPort, base, secrets, path.join(dataDir, 'sandbox'));
  let server: BenchProcess | undefined;
  try {
    await sandbox.untilHealthy(`http://127.0.0.1:${sandboxPort}/health`);
    server = startServer(MODE, {
      port,
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
      secrets,
      dataDir,
      ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : {}),
    });
    const startMs = Math.round(await server.untilHealthy(`${base}${API_PATHS.health}`));
    serverPid = server.child.pid;
    await sleep(2_000);
    const rssIdleMiB = server.rssMiB();
    const players = await setUpPlayers(base, secrets.adminKey, PLAYERS);
    server.startSampling();
    const money = await moneyRuns(base, secrets, players);
    const autoWithdraw = wanted('auto-withdraw') ? await autoWithdrawRun(base, secrets) : undefined;
    // The driver floor just before the reads, so that both meet the database in the same state (the payouts,
    // the audit sealing and the vacuuming the money runs left behind); measured after them, it met a quieter one.
    const floor =
      store.full && store.databaseUrl && wanted('balance') ? await measureFloor(store.databaseUrl, players) : undefined;
    const reads = store.full ? await readRuns(base, secrets, players) : {};
    const login = store.full && wanted('login') ? await loginRun(base, players) : undefined;
    const rssLoadMiB = server.stopSampling();
    return {
      startMs,
      rssIdleMiB: Math.round(rssIdleMiB),
      rssLoadMiB: Math.round(rssLoadMiB),
      peakMiB: Math.round(server.peakMiB()),
      money,
      reads,
      ...(autoWithdraw ? { autoWithdraw } : {}),
      ...(login ? { login } : {}),
      ...(floor ? { floor } : {}),
    };
  } finally {
    await server?.stop();
    await sandbox.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The seamless bet and win as the server calls them (sql/seamless.sql), with
 * fresh transaction ids, as a pgbench script on the product's database after
 * its HTTP runs: what the database alone does with them, without the server
 * and the load generator (how far the functions themselves are
 * from pgbench's TPC-B on the same machine).
 */
async function seamlessInDatabase(databaseUrl: string): Promise<PgbenchFigures> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client
    .query<{ player_ref: string }>(
      'select player_ref from provider_players where provider = $1 order by player_id limit 1000',
      [WC_PROVIDER],
    )
    .finally(() => client.end());
  if (rows.length === 0) throw new Error('no player of the WC game to bet with');
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const player = `(case :p::integer ${rows.map((row, index) => `when ${index + 1} then ${quoted(row.player_ref)}`).join(' ')} end)`;
  const ids = (prefix: string) => `'${prefix}-' || :client_id || '-' || :r`;
  const text = [
    `\\set p random(1, ${rows.length})`,
    '\\set r random(1, 2000000000)',
    `select seamless_bet('${WC_PROVIDER}', ${ids('sql-bet')}, ${player}, 100, ${ids('sql-round')}, 'bench', ${quoted(LOYALTY_DEFAULTS_JSON)}::jsonb);`,
    `select seamless_win('${WC_PROVIDER}', ${ids('sql-win')}, ${player}, 100, ${ids('sql-round')}, 'bench', ${quoted(LOYALTY_DEFAULTS_JSON)}::jsonb);`,
    '',
  ].join('\n');
  return pgbench(databaseUrl, {
    clients: CONNECTIONS,
    seconds: SECONDS,
    script: { name: 'seamless bet + win', text },
  });
}
/** A bare Fastify route in its own process, the same load generator and concurrency. */
async function measureBare(): Promise<LoadFigures> {
  const port = await freePort();
  const bare = new BenchProcess('bare', ['bench/bare-server.mjs'], serverDir, { PORT: String(port) });
  try {
    await bare.untilHealthy(`http://127.0.0.1:${port}/health`);
    return await load(`http://127.0.0.1:${port}`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      serverPid: bare.child.pid,
      steps: [() => ({ method: 'GET', path: '/bare' })],
    });
  } finally {
    await bare.stop();
  }
}

/** The session a player's token names (its payload: `sid`, `sub`), for the driver floor's query. */
function sessionOfToken(token: string): { playerId: number; sessionId: string } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sid: string;
    sub: string;
  };
  return { playerId: Number(payload.sub), sessionId: payload.sid };
}

/**
 * The driver floor: the balance's one query through a pool of the
 * product's size, behind a bare route in its own process, on the store's
 * database, for the same players at the same concurrency.
 */
async function measureFloor(databaseUrl: string, players: Player[]): Promise<LoadFigures> {
  const port = await freePort();
  const floor = new BenchProcess('floor', ['bench/floor-server.mjs'], serverDir, {
    PORT: String(port),
    DATABASE_URL: databaseUrl,
  });
  const sessions = players.map((player) => sessionOfToken(player.token));
  let turn = 0;
  try {
    await floor.untilHealthy(`http://127.0.0.1:${port}/health`);
    return await load(`http://127.0.0.1:${port}`, {
      connections: CONNECTIONS,
      seconds: SECONDS,
      serverPid: floor.child.pid,
      steps: [
        () => {
          const session = sessions[turn++ % sessions.length] as { playerId: number; sessionId: string };
          return { method: 'GET', path: `/floor/balance?p=${session.playerId}&s=${session.sessionId}` };
        },
      ],
    });
  } finally {
    await floor.stop();
  }
}

/** A database of the bench's own next to the given one; dropped by the returned function. */
async function scratchDatabase(url: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return {
    url: scratch.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  await client.end();
  return rows[0]?.server_version ?? '?';
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const report: BenchReport = {
  at: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? '?',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
  settings: {
    seconds: SECONDS,
    connections: CONNECTIONS,
    players: PLAYERS,
    pgbenchScale: Number(flags['pgbench-scale']),
    mode: MODE,
  },
  argon2: 'argon2id, m = 19 MiB, t = 2, p = 1',
};

const benchStarted = Date.now();
const step = (what: string) => console.log(`bench [${Math.round((Date.now() - benchStarted) / 1000)} s]: ${what}`);
if (flags.instructions && !(await haveValgrind())) {
  step('no valgrind (Debian: apt-get install valgrind): the instruction counts are skipped');
} else if (flags.instructions) {
  report.instructions = await measureInstructions({
    mode: MODE,
    pgbenchScale: report.settings.pgbenchScale,
    step,
  });
}
if (!SKIP.has('postgres') && postgresUrl) {
  report.machine.postgres = await postgresVersion(postgresUrl);
  const database = await scratchDatabase(postgresUrl, `bench_app_${process.pid}`);
  const pgbenchDb = (await havePgbench())
    ? await scratchDatabase(postgresUrl, `bench_pgbench_${process.pid}`)
    : undefined;
  try {
    const pgbenchRun = (selectOnly = false) =>
      pgbench(pgbenchDb?.url ?? '', { clients: CONNECTIONS, seconds: SECONDS, selectOnly });
    let before: PgbenchFigures | undefined;
    let selectOnly: PgbenchFigures | undefined;
    if (pgbenchDb) {
      step(`pgbench: scale ${report.settings.pgbenchScale}, TPC-B and select-only`);
      await initPgbench(pgbenchDb.url, report.settings.pgbenchScale);
      before = await pgbenchRun();
      selectOnly = await pgbenchRun(true);
    } else {
      step('pgbench is not installed (Debian: postgresql-client): no database baseline');
    }
    step('bare Fastify route');
    report.bare = await measureBare();
    step('the product on PostgreSQL');
    report.postgres = await measureStore({ databaseUrl: database.url, full: true });
    if (pgbenchDb && wanted('seamless')) {
      step('the seamless bet and win in the database alone (a pgbench script of the two calls)');
      report.seamlessInDatabase = await seamlessInDatabase(database.url);
    }
    if (SCALE > 0) {
      const scaled = await scratchDatabase(postgresUrl, `bench_scale_${process.pid}`);
      try {
        step(`at scale: migrating, then seeding ${SCALE} players and their history in SQL`);
        const handle = await openPostgres(scaled.url, { poolSize: 1 });
        await migrate(handle.db);
        await handle.close();
        const seeded = await seedScale(scaled.url, SCALE, step);
        step(
          `seeded in ${seeded.seedSeconds.toFixed(0)} s, ${(seeded.databaseBytes / 2 ** 30).toFixed(1)} GiB; the product at scale`,
        );
        report.scale = { ...seeded, figures: await measureStore({ databaseUrl: scaled.url, full: true }) };
      } finally {
        if (process.env.BENCH_KEEP_DATABASE === '1') step(`kept the database ${scaled.url}`);
        else await scaled.drop();
      }
    }
    if (pgbenchDb && before && selectOnly) {
      step('pgbench again');
      report.pgbench = { before, selectOnly, after: await pgbenchRun() };
    }
  } finally {
    // BENCH_KEEP_DATABASE=1 keeps the product's database for a look afterwards (pg_stat_user_tables, EXPLAIN).
    if (process.env.BENCH_KEEP_DATABASE === '1') step(`kept the database ${database.url}`);
    else await database.drop();
    await pgbenchDb?.drop();
  }
} else if (!SKIP.has('postgres')) {
  step('no BENCH_DATABASE_URL or TEST_DATABASE_URL: PostgreSQL figures skipped');
}
if (!SKIP.has('embedded')) {
  step('the product on the embedded store (PGlite)');
  report.embedded = await measureStore({ full: false });
}
if (!SKIP.has('web')) {
  step('web first-load weights');
  report.web = await routeWeights();
}
if (!SKIP.has('lighthouse') && !existsSync(chromiumPath)) {
  step(`no Chromium at ${chromiumPath} (Debian: apt-get install chromium; or set CHROMIUM_PATH): Lighthouse skipped`);
} else if (!SKIP.has('lighthouse')) {
  step(`Lighthouse mobile, ${flags['lighthouse-runs']} runs per page`);
  report.lighthouse = await lighthouse(Number(flags['lighthouse-runs']));
  if (!report.lighthouse) step('Lighthouse skipped: a tool it needs is not installed (named above)');
}

report.testLoop = lastTestLoop();

const text = formatReport(report);
console.log(`\n${text}`);
// `--out x` and `--out x.json` both write x.json and x.md (an --out without .json once had the tables overwrite the JSON).
const jsonOut = flags.out.endsWith('.json') ? flags.out : `${flags.out}.json`;
const markdownOut = jsonOut.replace(/\.json$/, '.md');
mkdirSync(path.dirname(jsonOut), { recursive: true });
writeFileSync(jsonOut, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(markdownOut, `${text}\n`);
console.log(`\nwritten: ${jsonOut} and ${markdownOut}`);
