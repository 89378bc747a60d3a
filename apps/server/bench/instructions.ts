/**
 * `npm run bench -- --instructions`: what each money call costs the database
 * in CPU instructions, beside pgbench's TPC-B transaction on the same server.
 * Unlike a rate, an instruction count does not move with what else the
 * machine is doing (repeat runs agree to within 0.01 %).
 *
 * How: a PostgreSQL cluster of the bench's own (a temporary directory) holds
 * pgbench's tables and the product's database. The product runs in this
 * process on one pooled connection, without its background work, and every
 * statement it sends is recorded while a call is made 140 times over the API
 * (players, tokens, Idempotency-Keys, signatures as in production). The
 * cluster's files are copied just before each such run. Each recording is
 * then replayed by a single-user backend (`postgres --single`) on a copy of
 * those files under valgrind (callgrind counts the instructions), once with
 * the first 40 calls and once with all 140: the difference over 100 calls
 * leaves out start-up, shut-down and the first calls' cache filling. TPC-B is
 * replayed the same way (pgbench's script with random accounts, tellers and
 * deltas, at the scale of the same-run TPC-B baseline).
 *
 * The replay sends each statement as text: a statement the server sends
 * under a name (db/prepared.ts) is PREPAREd once at the start and EXECUTEd,
 * as on the server's connection; the others are planned per call, as the
 * server's unnamed statements are.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { copyFileSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import pg from 'pg';
import { freePort } from '../reliability/cluster.ts';
import { asRoot, startTemporaryPostgres, type TemporaryPostgres } from '../reliability/postgres-binaries.ts';
import { buildApp } from '../src/app.ts';
import { APP_ROLE, openPostgres } from '../src/db/database.ts';
import { preparedNameOf } from '../src/db/prepared.ts';
import { DEFAULT_DEPOSIT_ACCOUNTS, seedReferenceData } from '../src/db/seed.ts';
import { loadConfig } from '../src/env.ts';
import { migrate } from '../src/migrations.ts';
import { slipImage, slipPayload } from '../src/modules/demo/demo-slip.ts';
import { signedPost } from '../src/modules/games/provider-adapter.ts';
import { initPgbench } from './baselines.ts';
import { bearer, call, newKey, type Player, runTag, setUpPlayers } from './players.ts';
import { type RunMode, type Secrets, startSandbox } from './processes.ts';

/** Calls per recording, and the calls of the shorter replay whose cost is taken away. */
export const RECORDED_CALLS = 140;
export const BASELINE_CALLS = 40;

/** One call's cost to the database: instructions, and the statements and transactions the server sent for it. */
export type CallCost = {
  instructions: number;
  parts: Record<CostPart, number>;
  statements: number;
  transactions: number;
};

export type InstructionFigures = {
  postgres: string;
  pgbenchScale: number;
  calls: number;
  baseline: number;
  tpcb: CallCost;
  money: Record<string, CallCost>;
};

export type Recorded = { name: string | undefined; text: string; values: readonly unknown[]; failed: boolean };

/** pg's own conversion of a parameter to its text form (what it sends for $n). */
const prepareValue = (
  createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue: (value: unknown) => unknown }
).prepareValue;

/** A parameter as an untyped literal: PostgreSQL infers its type from the statement, as it does for $n. */
export function literal(value: unknown): string {
  const text = value === undefined ? null : prepareValue(value);
  if (text === null || text === undefined) return 'NULL';
  if (Buffer.isBuffer(text)) return `'\\x${text.toString('hex')}'`;
  return `'${String(text).replaceAll("'", "''")}'`;
}

/** A statement for the single-user backend's -j mode, which ends a statement at a semicolon before an empty line. */
function ended(text: string): string {
  return `${text
    .trim()
    .replace(/;$/, '')
    .replace(/\n[ \t]*\n/g, '\n')};\n\n`;
}

function replayText(statement: Recorded): string {
  if (statement.name !== undefined) {
    return ended(
      `EXECUTE ${statement.name}${statement.values.length ? `(${statement.values.map(literal).join(', ')})` : ''}`,
    );
  }
  return ended(statement.text.replace(/\$(\d+)/g, (_, n: string) => literal(statement.values[Number(n) - 1])));
}

/** A recording: every statement of `RECORDED_CALLS` calls, and where each call's statements begin. */
export type Recording = { statements: Recorded[]; starts: number[] };

/** Statements and transactions per call over a recording. */
export function shapeOf(recording: Recording): { statements: number; transactions: number } {
  let transactions = 0;
  let open = false;
  for (const { text } of recording.statements) {
    if (/^\s*begin\b/i.test(text)) {
      transactions += 1;
      open = true;
    } else if (/^\s*(commit|rollback|end)\s*;?\s*$/i.test(text)) open = false;
    else if (!open) transactions += 1;
  }
  const calls = recording.starts.length;
  return { statements: recording.statements.length / calls, transactions: transactions / calls };
}

/** The single-user backend's input for the first `calls` calls of a recording. */
export function replayOf(recording: Recording, calls: number, role?: string): string {
  const end = calls < recording.starts.length ? recording.starts[calls] : recording.statements.length;
  const named = new Map<string, string>();
  for (const statement of recording.statements) {
    if (statement.name !== undefined) named.set(statement.name, statement.text);
  }
  const prepares = [...named].map(([name, text]) => ended(`PREPARE ${name} AS ${text}`));
  // The single-user backend is the database's superuser: the server's role first, as its connections take it.
  const asRole = role ? [ended(`SET ROLE ${role}`)] : [];
  return [...asRole, ...prepares, ...recording.statements.slice(0, end).map(replayText)].join('');
}

/** TPC-B as pgbench runs it (its simple protocol), `count` transactions with random accounts, tellers, branches and deltas. */
function tpcbReplay(draws: readonly TpcbDraw[], count: number): string {
  const statements: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const { aid, bid, tid, delta } = draws[index] as TpcbDraw;
    statements.push(
      'BEGIN',
      `UPDATE pgbench_accounts SET abalance = abalance + ${delta} WHERE aid = ${aid}`,
      `SELECT abalance FROM pgbench_accounts WHERE aid = ${aid}`,
      `UPDATE pgbench_tellers SET tbalance = tbalance + ${delta} WHERE tid = ${tid}`,
      `UPDATE pgbench_branches SET bbalance = bbalance + ${delta} WHERE bid = ${bid}`,
      `INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) VALUES (${tid}, ${bid}, ${aid}, ${delta}, CURRENT_TIMESTAMP)`,
      'END',
    );
  }
  return statements.map(ended).join('');
}

type TpcbDraw = { aid: number; bid: number; tid: number; delta: number };
/** pgbench's draws for one run of TPC-B transactions (the shorter replay takes the first of them). */
function drawTpcb(scale: number): TpcbDraw[] {
  return Array.from({ length: RECORDED_CALLS }, () => ({
    aid: randomInt(1, 100_000 * scale + 1),
    bid: randomInt(1, scale + 1),
    tid: randomInt(1, 10 * scale + 1),
    delta: randomInt(-5_000, 5_001),
  }));
}

const DATABASE = 'bench';

/** A cluster's files copied as they are, owner and modes included (the postgres user's, when we are root). */
function copyTree(from: string, to: string): void {
  execFileSync('cp', ['-a', from, to]);
}

/**
 * Where a call's instructions go: PostgreSQL's own functions, each counted with
 * everything it calls (callgrind's inclusive cost). The parts overlap: a
 * trigger's statements start executors too, and a foreign-key check is an
 * after-row trigger.
 */
export const COST_PARTS = {
  'executor start-up': ['standard_ExecutorStart'],
  planning: ['pg_plan_queries'],
  parsing: ['pg_parse_query'],
  'after-row triggers': ['AfterTriggerEndQuery'],
  'deferred triggers': ['AfterTriggerFireDeferred'],
  'foreign-key checks': ['RI_FKey_check_ins', 'RI_FKey_check_upd'],
  'check constraints': ['ExecConstraints'],
  'heap writes': ['heap_insert', 'heap_update'],
  'index writes': ['index_insert'],
  WAL: ['XLogInsert'],
} as const;
export type CostPart = keyof typeof COST_PARTS;

/** callgrind_annotate's inclusive figures of a profile, by function name (the outermost of a recursion). */
function inclusiveCosts(profile: string): Map<string, number> {
  const { stdout } = spawnSync('callgrind_annotate', ['--inclusive=yes', '--threshold=100', profile], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const costs = new Map<string, number>();
  for (const line of (stdout ?? '').split('\n')) {
    const match = /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+(?:\?\?\?:)?([^\s']+)(?:'\d+)?\b/.exec(line);
    if (!match) continue;
    const [, count = '0', name = ''] = match;
    costs.set(name, Math.max(costs.get(name) ?? 0, Number(count.replaceAll(',', ''))));
  }
  return costs;
}

type Counted = { total: number; parts: Record<CostPart, number> };

/** Runs a single-user backend on a copy of `snapshot` with `input`, under callgrind: the instructions it executed. */
async function countInstructions(
  cluster: TemporaryPostgres,
  snapshot: string,
  input: string,
  allowedErrors: number,
): Promise<Counted> {
  const work = path.join(cluster.base, 'replay');
  rmSync(work, { recursive: true, force: true });
  copyTree(snapshot, work);
  const inputFile = path.join(cluster.base, 'replay.sql');
  writeFileSync(inputFile, input);
  // BENCH_INSTRUCTIONS_KEEP=dir keeps every replay's input there, to read what a call sends, and callgrind's
  // profile of it (callgrind_annotate --inclusive=yes: where a call's instructions go, function by function).
  const keep = process.env.BENCH_INSTRUCTIONS_KEEP;
  const name = `${path.basename(snapshot)}-${input.length}`;
  if (keep) {
    mkdirSync(keep, { recursive: true });
    writeFileSync(path.join(keep, `${name}.sql`), input);
  }
  const profile = path.join(cluster.base, `${name}.callgrind`);
  const command = [
    'valgrind',
    '--tool=callgrind',
    `--callgrind-out-file=${profile}`,
    path.join(cluster.bin, 'postgres'),
    '--single',
    '-j',
    '-D',
    work,
    DATABASE,
  ];
  const [file, argv] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', ...command]]
    : [command[0] as string, command.slice(1)];
  const child = spawn(file, argv, { stdio: [openSync(inputFile, 'r'), 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  rmSync(work, { recursive: true, force: true });
  const collected = /Collected : (\d+)/.exec(stderr)?.[1];
  if (code !== 0 || collected === undefined) {
    throw new Error(`the single-user replay failed (exit ${code}):\n${stderr.slice(-3000)}`);
  }
  const errors = [...`${stdout}\n${stderr}`.matchAll(/^\s*ERROR:.*$/gm)].map((match) => match[0].trim());
  if (errors.length > allowedErrors) {
    throw new Error(`the replay met errors the recorded calls did not:\n${errors.slice(0, 5).join('\n')}`);
  }
  const costs = inclusiveCosts(profile);
  if (keep) copyFileSync(profile, path.join(keep, `${name}.callgrind`));
  rmSync(profile, { force: true });
  const parts = Object.fromEntries(
    Object.entries(COST_PARTS).map(([part, functions]) => [
      part,
      functions.reduce((sum, fn) => sum + (costs.get(fn) ?? 0), 0),
    ]),
  ) as Record<CostPart, number>;
  return { total: Number(collected), parts };
}

/** Instructions per call, and per part: the difference between the replays of all the calls and of the first `BASELINE_CALLS`. */
async function costOf(
  cluster: TemporaryPostgres,
  snapshot: string,
  replay: (calls: number) => string,
  failures: (calls: number) => number,
): Promise<{ instructions: number; parts: Record<CostPart, number> }> {
  const few = await countInstructions(cluster, snapshot, replay(BASELINE_CALLS), failures(BASELINE_CALLS));
  const all = await countInstructions(cluster, snapshot, replay(RECORDED_CALLS), failures(RECORDED_CALLS));
  const perCall = (a: number, b: number) => Math.round((b - a) / (RECORDED_CALLS - BASELINE_CALLS));
  const parts = Object.fromEntries(
    (Object.keys(COST_PARTS) as CostPart[]).map((part) => [part, perCall(few.parts[part], all.parts[part])]),
  ) as Record<CostPart, number>;
  return { instructions: perCall(few.total, all.total), parts };
}

/** Whether valgrind is on this machine (Debian: apt-get install valgrind). */
export async function haveValgrind(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('valgrind', ['--version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

/** One money call as a player, an operator, the bank feed or the game provider makes it: the `index`th of its run. */
type MoneyCall = {
  name: string;
  /** What must be true before the recorded calls (not recorded), e.g. the bets a run of wins settles. */
  before?: (index: number) => Promise<unknown>;
  call: (index: number) => Promise<unknown>;
};

export async function measureInstructions(options: {
  mode: RunMode;
  /** pgbench's scale, as the same-run TPC-B baseline's (one branch per unit: 100,000 accounts and 10 tellers each). */
  pgbenchScale: number;
  step: (what: string) => void;
}): Promise<InstructionFigures> {
  const { step } = options;
  const cluster = await startTemporaryPostgres();
  const secrets: Secrets = {
    token: randomBytes(32).toString('hex'),
    provider: randomBytes(32).toString('hex'),
    adminKey: randomBytes(32).toString('hex'),
    webhook: randomBytes(32).toString('hex'),
  };
  const snapshots = path.join(cluster.base, 'snapshots');
  mkdirSync(snapshots);
  let sandbox: ReturnType<typeof startSandbox> | undefined;
  try {
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    const version = (await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version;
    await admin.end();
    await initPgbench(cluster.url(DATABASE), options.pgbenchScale);

    // The product, on one connection whose every statement can be recorded.
    // Migrated as the database's user, served as the application's role (as the server does, main.ts).
    const owner = await openPostgres(cluster.url(DATABASE), { poolSize: 1 });
    await migrate(owner.db);
    await seedReferenceData(owner.db);
    await owner.close();
    const handle = await openPostgres(cluster.url(DATABASE), { poolSize: 1, role: APP_ROLE });
    // The handle shows the pool's counts only; underneath it is pg's pool.
    const pool = handle.pool as unknown as pg.Pool;
    let recording: Recorded[] | undefined;
    pool.on('connect', (client) => {
      const send = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
        const sent = send(config, values, callback);
        if (recording && typeof config === 'string') {
          const entry: Recorded = {
            name: preparedNameOf(config),
            text: config,
            values: Array.isArray(values) ? values : [],
            failed: false,
          };
          recording.push(entry);
          if (sent instanceof Promise) {
            sent.catch(() => {
              entry.failed = true;
            });
          }
        }
        return sent;
      }) as typeof client.query;
    });
    const dataDir = path.join(cluster.base, 'app');
    const port = await freePort();
    const sandboxPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url(DATABASE),
      LOG_LEVEL: 'silent',
      TOKEN_SECRET: secrets.token,
      ADMIN_API_KEY: secrets.adminKey,
      PROVIDER_SECRET: secrets.provider,
      BANK_WEBHOOK_SECRET: secrets.webhook,
      UFA_PROVIDER_URL: sandboxUrl,
      WC_PROVIDER_URL: sandboxUrl,
      PAYOUT_BANK_URL: sandboxUrl,
      SEED_DEMO: 'false',
      ALLOW_SANDBOX_PROVIDER: 'true',
      REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '0',
    });
    const app = await buildApp({ db: handle.db, config, logger: false });
    await app.listen({ port, host: '127.0.0.1' });
    sandbox = startSandbox(options.mode, sandboxPort, base, secrets, path.join(dataDir, 'sandbox'));
    await sandbox.untilHealthy(`${sandboxUrl}/health`);

    step(`instructions: ${RECORDED_CALLS} players registered and funded`);
    const players = await setUpPlayers(base, secrets.adminKey, RECORDED_CALLS);
    const player = (index: number) => players[index % players.length] as Player;
    const operator = { 'x-admin-key': secrets.adminKey };
    // The game provider's callbacks, signed as the provider signs them (the server's own client for it).
    const seamless = async (kind: 'bet' | 'win' | 'rollback', index: number, round: string) => {
      const payload =
        kind === 'rollback'
          ? { playerRef: player(index).username, txnId: `rollback-${round}`, betTxnId: `bet-${round}` }
          : {
              playerRef: player(index).username,
              txnId: `${kind}-${round}`,
              roundId: `round-${round}`,
              amountMinor: 100,
            };
      const answer = await signedPost(
        { baseUrl: base, secret: secrets.provider },
        SEAMLESS_CALLBACK_PATHS[kind],
        payload,
        30_000,
      );
      if ((answer.body as { ok?: boolean } | undefined)?.ok !== true) {
        throw new Error(`seamless ${kind}: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const transfer = (direction: 'out' | 'in', index: number) =>
      call(`${base}${direction === 'out' ? API_PATHS.transferOut : API_PATHS.transferIn}`, {
        method: 'POST',
        headers: { ...bearer(player(index)), 'idempotency-key': newKey() },
      });
    const [house] = DEFAULT_DEPOSIT_ACCOUNTS;
    if (house === undefined) throw new Error('bench: no house deposit account is seeded');
    /** A signed delivery of the bank feed: 100 baht from the player's own account to the house account. */
    const feedLine = async (reference: string, index: number) => {
      const raw = JSON.stringify({
        reference,
        fromBankCode: 'KBANK',
        fromAccountNumber: player(index).bankNumber,
        toAccountNumber: house.bank_number,
        amount: 100,
        transferredAt: new Date().toISOString(),
      });
      const signed = signedHeaders(secrets.webhook, raw);
      const response = await fetch(`${base}${WEBHOOK_PATHS.bankTransfers}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': signed.timestamp,
          'x-webhook-signature': signed.signature,
        },
        body: raw,
      });
      const answer = await response.text();
      if (!answer.includes('"result":"credited"')) throw new Error(`bank feed: ${response.status} ${answer}`);
    };
    let rewardId = 0;
    const waiting: number[] = [];
    const calls: MoneyCall[] = [
      {
        name: 'withdrawal',
        call: (index) =>
          call(`${base}${API_PATHS.withdraw}`, {
            headers: { ...bearer(player(index)), 'idempotency-key': newKey() },
            body: { amount: 100 },
          }),
      },
      {
        // The approval starts the payout at once: its claim, the sandbox bank's answer and the settlement are in it.
        name: 'approval (operator), then paid',
        before: async (index) => {
          if (index > 0) return;
          const answer = await call(`${base}${ADMIN_PATHS.withdrawals}?status=WAITING&limit=100`, {
            headers: operator,
          });
          const more = await call(`${base}${ADMIN_PATHS.withdrawals}?status=WAITING&limit=100&page=2`, {
            headers: operator,
          });
          for (const item of [
            ...((answer.data?.items ?? []) as { id: number }[]),
            ...((more.data?.items ?? []) as { id: number }[]),
          ])
            waiting.push(item.id);
          if (waiting.length < RECORDED_CALLS) throw new Error(`bench: only ${waiting.length} withdrawals wait`);
        },
        call: (index) =>
          call(`${base}${fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(waiting[index]) })}`, {
            headers: { ...operator, 'idempotency-key': newKey() },
            body: {},
          }),
      },
      {
        name: 'credit (operator)',
        call: (index) =>
          call(`${base}${fillPath(ADMIN_PATHS.playerCredit, { id: String(player(index).id) })}`, {
            headers: { ...operator, 'idempotency-key': newKey() },
            body: { amount: 1, reason: 'bench' },
          }),
      },
      {
        name: 'debit (operator)',
        call: (index) =>
          call(`${base}${fillPath(ADMIN_PATHS.playerDebit, { id: String(player(index).id) })}`, {
            headers: { ...operator, 'idempotency-key': newKey() },
            body: { amount: 1, reason: 'bench' },
          }),
      },
      { name: 'seamless bet', call: (index) => seamless('bet', index, `${runTag}-a${index}`) },
      // The bets of the run above, each won.
      { name: 'seamless win', call: (index) => seamless('win', index, `${runTag}-a${index}`) },
      {
        name: 'seamless rollback',
        before: (index) => seamless('bet', index, `${runTag}-b${index}`),
        call: (index) => seamless('rollback', index, `${runTag}-b${index}`),
      },
      {
        name: 'transfer out',
        // A player's first transfer also opens their account at the provider: one pair first, not recorded.
        before: async (index) => {
          await transfer('out', index);
          await transfer('in', index);
        },
        call: (index) => transfer('out', index),
      },
      { name: 'transfer in', call: (index) => transfer('in', index) },
      { name: 'deposit (bank feed)', call: (index) => feedLine(`INSTR${runTag}${index}`, index) },
      {
        // The player's slip: the deposit waits for its line in the bank feed.
        name: 'slip deposit (upload)',
        call: async (index) => {
          const form = new FormData();
          form.append('amount', '100');
          const image = await slipImage(slipPayload({ sendingBank: '004', reference: `SLIP${runTag}${index}` }));
          form.append('slip', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'slip.png');
          const response = await fetch(`${base}${API_PATHS.deposit}`, {
            method: 'POST',
            headers: { ...bearer(player(index)), 'idempotency-key': newKey() },
            body: form,
          });
          const answer = await response.text();
          if (!answer.includes('"result":"WAITING"')) throw new Error(`slip: ${response.status} ${answer}`);
        },
      },
      // The feed's line for each slip above, which credits it.
      { name: 'slip deposit (its bank-feed line)', call: (index) => feedLine(`SLIP${runTag}${index}`, index) },
      {
        name: 'reward redemption (1 baht of credit)',
        before: async (index) => {
          if (index > 0) return;
          const reward = await call(`${base}${ADMIN_PATHS.rewards}`, {
            headers: operator,
            body: { name: `Bench ${runTag}`, imageUrl: 'free-credit-100.png', kind: 'credit', creditSatang: 100 },
          });
          rewardId = Number(reward.data?.id);
        },
        call: (index) =>
          call(`${base}${fillPath(API_PATHS.rewardRedeem, { id: String(rewardId) })}`, {
            method: 'POST',
            headers: { ...bearer(player(index)), 'idempotency-key': newKey() },
          }),
      },
    ];

    // The cluster's files, still: the server is stopped for the copy (the pool reconnects afterwards).
    const snapshot = async (name: string) => {
      await cluster.pause();
      const to = path.join(snapshots, name);
      copyTree(cluster.dataDir, to);
      await cluster.resume();
      return to;
    };
    const recordings: { name: string; snapshot: string; recording: Recording }[] = [];
    const tpcbSnapshot = await snapshot('tpcb');
    for (const money of calls) {
      step(`instructions: recording ${RECORDED_CALLS} × ${money.name}`);
      if (money.before) for (let index = 0; index < RECORDED_CALLS; index += 1) await money.before(index);
      // One statement first, on a fresh connection after the copy, outside the recording.
      const at = await snapshot(money.name.replace(/\W+/g, '-'));
      await pool.query('select 1');
      const statements: Recorded[] = [];
      const starts: number[] = [];
      recording = statements;
      for (let index = 0; index < RECORDED_CALLS; index += 1) {
        starts.push(statements.length);
        await money.call(index);
      }
      recording = undefined;
      recordings.push({ name: money.name, snapshot: at, recording: { statements, starts } });
    }
    await app.close();
    await handle.close();

    step('instructions: TPC-B replayed under valgrind');
    const draws = drawTpcb(options.pgbenchScale);
    const tpcb: CallCost = {
      ...(await costOf(
        cluster,
        tpcbSnapshot,
        (count) => tpcbReplay(draws, count),
        () => 0,
      )),
      statements: 7,
      transactions: 1,
    };
    const money: Record<string, CallCost> = {};
    // BENCH_INSTRUCTIONS_ONLY=word replays only the calls whose name holds it (every call is still recorded,
    // as each may set up the next): a quicker look at one call while working on it.
    const only = process.env.BENCH_INSTRUCTIONS_ONLY;
    for (const { name, snapshot: at, recording: taken } of recordings) {
      if (only && !name.includes(only)) continue;
      step(`instructions: ${name} replayed under valgrind`);
      const failures = (count: number) =>
        taken.statements
          .slice(0, count < taken.starts.length ? taken.starts[count] : taken.statements.length)
          .filter((statement) => statement.failed).length;
      money[name] = {
        ...(await costOf(cluster, at, (count) => replayOf(taken, count, APP_ROLE), failures)),
        ...shapeOf(taken),
      };
    }
    return {
      postgres: version ?? '?',
      pgbenchScale: options.pgbenchScale,
      calls: RECORDED_CALLS,
      baseline: BASELINE_CALLS,
      tpcb,
      money,
    };
  } finally {
    await sandbox?.stop();
    await cluster.stop();
  }
}
