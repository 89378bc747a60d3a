import pg from 'pg';
import { openPostgres } from '../src/db/database.ts';
import { setUpAttackPairs } from './attacks.ts';
import { setUpBonusAttacks } from './bonus-attacks.ts';
import { Clients } from './client.ts';
import { type Cluster, freePort, type ManagedProcess, sleep, startCluster } from './cluster.ts';
import { setUpLoyalty } from './loyalty.ts';
import { parseOptions } from './options.ts';
import { type Balancer, type PgPair, startHaproxy, startPgPair } from './pg-pair.ts';
import { seededRandom } from './rng.ts';
import { readBankBooks, readProviderBooks, settle, verifyRun } from './verify.ts';
import { newJournal, runWorkload, setUpPlayers } from './workload.ts';

/**
 * `npm run test:failover`: the bank test's workload on the production
 * topology, made here without containers. A PostgreSQL primary and a
 * synchronous streaming standby (Debian's binaries, temporary directories),
 * two server processes with a multi-host DATABASE_URL
 * (target_session_attrs=read-write) behind HAProxy, the sandbox provider with
 * random faults. Every client request goes through HAProxy. Mid-run the
 * primary is killed with SIGKILL and, after the delay a failover manager
 * (Patroni, a script, an operator) would take to notice, the standby is
 * promoted; later one server process is killed and started again behind the
 * balancer. Afterwards the books are checked on the promoted standby as the
 * bank test checks them: every acknowledged operation present exactly once,
 * the ledger check, the audit chain. The last line reads
 * `failover: N operations, primary killed at T s, writes back after S s, V violations`.
 *
 *   npm run test:failover -- --ops 20000 --minutes 20 --promote-after 10
 */

const DEFAULTS = ['--ops', '2500', '--players', '12', '--minutes', '6', '--store', 'postgres'];
/** When in the run (share of the operations) the primary dies. */
const PRIMARY_KILL_AT = 0.35;
/** When one server process is killed and restarted behind the balancer. */
const SERVER_KILL_AT = 0.75;
const DATABASE = 'siam';

function promoteAfterMs(argv: string[]): { ms: number; rest: string[] } {
  const index = argv.indexOf('--promote-after');
  if (index === -1) return { ms: 2_000, rest: argv };
  const seconds = Number(argv[index + 1]);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600) {
    throw new Error(`--promote-after must be seconds from 0 to 600, not ${argv[index + 1]}`);
  }
  return { ms: seconds * 1000, rest: [...argv.slice(0, index), ...argv.slice(index + 2)] };
}

async function createDatabase(pair: PgPair): Promise<void> {
  const admin = new pg.Client({ connectionString: pair.hostUrl(pair.primaryPort, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/** Debug aid (--verbose): each instance's /ready answer, every 500 ms for 60 s after the kill, printed as it changes. */
async function watchReadiness(servers: ManagedProcess[], since: number, done: () => boolean): Promise<void> {
  const last = new Map<string, string>();
  while (Date.now() - since < 60_000 && !done()) {
    for (const server of servers) {
      const url = server.url;
      if (!server.running && last.get(url) !== 'exited') {
        console.log(`  ${((Date.now() - since) / 1000).toFixed(1)} s: ${server.name} not running`);
        last.set(url, 'exited');
        continue;
      }
      const state = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) }).then(
        (response) => String(response.status),
        (error: Error) => error.name,
      );
      if (last.get(url) !== state)
        console.log(`  ${((Date.now() - since) / 1000).toFixed(1)} s: ${url}/ready ${state}`);
      last.set(url, state);
    }
    await sleep(500);
  }
}

async function main() {
  const { ms: promoteDelayMs, rest } = promoteAfterMs(process.argv.slice(2));
  // The flags given win over the CI-sized defaults (the last value of a flag counts).
  const options = parseOptions([...DEFAULTS, ...rest, '--store', 'postgres'], {});
  const started = Date.now();
  const deadline = started + options.minutes * 60_000 - 60_000;
  const log = (message: string) => {
    if (options.verbose) console.log(`  ${message}`);
  };

  const pair = await startPgPair();
  let cluster: Cluster | undefined;
  let balancer: Balancer | undefined;
  // Interrupted (Ctrl-C, a CI timeout): the servers it started must not outlive it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.allSettled([balancer?.stop(), cluster?.stop()])
        .then(() => pair.stop())
        .finally(() => process.exit(130));
    });
  }
  try {
    await createDatabase(pair);
    const frontPort = await freePort();
    const frontUrl = `http://127.0.0.1:${frontPort}`;
    cluster = await startCluster({
      store: { kind: 'postgres', url: pair.url(DATABASE) },
      serverCount: 2,
      faultRate: options.faultRate,
      callbackUrl: frontUrl,
    });
    balancer = await startHaproxy(
      cluster.servers.map((server) => new URL(server.url).host),
      frontPort,
    );
    cluster.front = balancer.url;
    log(`primary :${pair.primaryPort}, synchronous standby :${pair.standbyPort}, HAProxy ${balancer.url}`);

    const random = seededRandom(options.seed);
    const clients = new Clients(cluster, random);
    const journal = newJournal();
    const runTag = Number(String(Date.now()).slice(-5));
    const setUp = await setUpPlayers(clients, options.players, runTag);
    const pairs = await setUpAttackPairs(
      clients,
      runTag,
      setUp.players.map((player) => player.bankNumber),
    );
    const loyalty = await setUpLoyalty(clients, runTag);
    const bonus = await setUpBonusAttacks(clients, runTag);
    const counted = clients.operations;
    const workloadStarted = Date.now();
    const failover = { killedAt: 0, promotedAt: 0, done: false };
    const livePair = pair;

    const killPrimary = (async () => {
      while (Date.now() < deadline && (clients.operations - counted) / options.ops < PRIMARY_KILL_AT) {
        await sleep(50);
      }
      failover.killedAt = Date.now();
      await livePair.killPrimary();
      log(`primary killed at ${((failover.killedAt - workloadStarted) / 1000).toFixed(1)} s`);
      if (options.verbose) void watchReadiness(cluster?.servers ?? [], failover.killedAt, () => failover.done);
      await sleep(promoteDelayMs);
      await livePair.promoteStandby();
      failover.promotedAt = Date.now();
      log(`standby promoted ${((failover.promotedAt - failover.killedAt) / 1000).toFixed(1)} s after the kill`);
    })();
    const { kills } = await runWorkload(
      { clients, journal, random, house: setUp.house, runTag, serial: { value: 0 }, pairs, loyalty, bonus },
      cluster,
      setUp.players,
      { ops: options.ops, deadline, killAt: [SERVER_KILL_AT], sandboxKillAt: [] },
    );
    await killPrimary;
    failover.done = true;
    const operations = clients.operations - counted;
    log(`${operations} operations done; settling`);
    const unsettled = await settle(clients, log);
    if (unsettled) journal.violations.push(unsettled);
    const books = await readProviderBooks(clients, [
      ...setUp.players.map((player) => player.username),
      ...journal.bonusAttacks.usernames,
    ]);
    const bank = await readBankBooks(clients);
    await balancer.stop();
    await cluster.stop();

    // The checks run on whichever server is now the primary: the promoted standby.
    const handle = await openPostgres(pair.url(DATABASE), { poolSize: 2 });
    try {
      journal.violations.push(...(await verifyRun(handle.db, journal, books, bank)));
    } finally {
      await handle.close();
    }
    if (failover.killedAt === 0) journal.violations.push('the run ended before the primary was killed');
    const firstWrite = clients.writes
      .filter((write) => write.sentAt >= failover.killedAt)
      .reduce((first, write) => Math.min(first, write.answeredAt), Number.POSITIVE_INFINITY);
    if (!Number.isFinite(firstWrite)) journal.violations.push('no write succeeded after the primary was killed');
    const killedAt = (failover.killedAt - workloadStarted) / 1000;
    const writesBack = (firstWrite - failover.killedAt) / 1000;
    console.log(
      `  ${journal.feed.size} bank references, ${journal.withdrawals.size} withdrawals, ${journal.transfers.size} transfers, ` +
        `${journal.decisions.size} decisions; standby promoted ${((failover.promotedAt - failover.killedAt) / 1000).toFixed(1)} s ` +
        `after the kill; ${kills} server process killed and restarted; ${clients.retriedUnavailable} answers "unavailable" ` +
        `and ${clients.unanswered} requests without an answer, all retried; ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
    );
    for (const violation of journal.violations.slice(0, 50)) console.log(`  violation: ${violation}`);
    console.log(
      `failover: ${operations} operations, primary killed at ${killedAt.toFixed(1)} s, ` +
        `writes back after ${writesBack.toFixed(1)} s, ${journal.violations.length} violations`,
    );
    process.exitCode = journal.violations.length > 0 ? 1 : 0;
  } catch (error) {
    const tails = cluster
      ? [...cluster.servers, cluster.sandbox].map((process) => `--- ${process.name}\n${process.tail()}`)
      : [];
    console.error(`failover run failed: ${(error as Error).stack}\n${tails.join('\n')}\n${pair.logs()}`);
    process.exitCode = 2;
  } finally {
    await balancer?.stop().catch(() => undefined);
    await cluster?.stop().catch(() => undefined);
    await pair.stop();
  }
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
