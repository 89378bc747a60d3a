import pg from 'pg';
import { openPostgres } from '../src/db/database.ts';
import { setUpAttackPairs } from './attacks.ts';
import { setUpBonusAttacks } from './bonus-attacks.ts';
import { Clients } from './client.ts';
import { type Cluster, freePort, type ManagedProcess, sleep, startCluster } from './cluster.ts';
import { type Balancer, startAppFront } from './haproxy.ts';
import { setUpLoyalty } from './loyalty.ts';
import { parseOptions } from './options.ts';
import {
  APP_DATABASE,
  APP_USER,
  DCS_TIMING,
  type Member,
  type PatroniCluster,
  startPatroniCluster,
  until,
} from './patroni-cluster.ts';
import { seededRandom } from './rng.ts';
import { readBankBooks, readProviderBooks, settle, verifyRun } from './verify.ts';
import { type Journal, newJournal, runWorkload, setUpPlayers, type WorkloadContext } from './workload.ts';

/**
 * `npm run test:failover`: the fault matrix. The bank test's workload runs
 * through HAProxy against two app instances on PostgreSQL under Patroni
 * (patroni-cluster.ts: three etcd members, three PostgreSQL members, HAProxy
 * routing to the leader Patroni names), and one fault after another is
 * injected mid-run, each in a phase of its own:
 *
 *   leader-killed        the leader's Patroni and PostgreSQL SIGKILLed: writes back within ttl + loop_wait + a margin
 *   old-leader-restarted its Patroni started again on its data directory: a replica (pg_rewind), no app session on it
 *   sync-replica-killed  the synchronous replica SIGKILLed: no request hangs, the worst write about loop_wait; it returns
 *   app-instance-killed  one app instance SIGKILLed, then one restarted during a replica outage: HAProxy takes it
 *                        out and back, the other stays ready throughout
 *   etcd-one-lost        one etcd member of three SIGKILLed: nothing changes
 *   etcd-quorum-lost     two of three: failsafe mode keeps the leader writable; Patroni recovers once quorum is back
 *
 * After each phase the run settles and is checked on the leader as the bank
 * test checks it (every acknowledged operation present exactly once, the ledger
 * check, the audit chain), and every other member, once it has replayed the
 * leader's WAL, holds the same rows as the leader in every table. One line per
 * fault: `fault <name>: N operations, writes back after S s, V violations`;
 * the exit code is 1 on any violation.
 *
 *   npm run test:failover -- --ops 20000 --minutes 30
 */

const DEFAULTS = ['--ops', '3000', '--players', '10', '--minutes', '15', '--store', 'postgres'];
/** When in a phase (share of its operations) the fault strikes. */
const FAULT_AT = 0.3;
/** Slack on the timing bounds for a busy machine (two cores shared by three PostgreSQL, two apps, the clients). */
const MARGIN_S = 10;

type FaultResult = { violations: string[]; notes: string[] };
type Fault = {
  name: string;
  /** Share of the run's operations. */
  share: number;
  inject: (tools: Tools) => Promise<FaultResult>;
};

type Tools = {
  db: PatroniCluster;
  apps: Cluster;
  balancer: Balancer;
  clients: Clients;
  log: (message: string) => void;
  /** Marks the moment the fault strikes (the figures are measured from it). */
  struck: () => void;
};

async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function inRecovery(member: Member): Promise<boolean> {
  const rows = await query<{ recovery: boolean }>(member.url('postgres'), 'select pg_is_in_recovery() as recovery');
  return rows[0]?.recovery === true;
}

/**
 * Until there is a leader and every other member whose Patroni runs streams
 * from it, one of them synchronously: the whole cluster, or what is left of it
 * while a member is away.
 */
async function healthy(db: PatroniCluster, ms = 120_000): Promise<Member> {
  let leader: Member | undefined;
  const replicas = db.members.filter((member) => member.patroni.running).length - 1;
  await until(`the cluster is whole (a leader, ${replicas} streaming replicas, one synchronous)`, ms, async () => {
    leader = await db.leader();
    if (!leader) return false;
    const rows = await query<{ application_name: string; sync_state: string }>(
      leader.url('postgres'),
      "select application_name, sync_state from pg_stat_replication where state = 'streaming'",
    );
    return rows.length === replicas && (replicas === 0 || rows.some((row) => row.sync_state === 'sync'));
  });
  return leader as Member;
}

/** Every table's rows on every member equal the leader's, once each has replayed the leader's WAL. */
async function compareMembers(db: PatroniCluster): Promise<string[]> {
  const leader = await healthy(db);
  const tables = (
    await query<{ name: string }>(
      leader.url(APP_DATABASE),
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).map((row) => row.name);
  const digest = async (url: string) => {
    const rows = await query<{ name: string; rows: number; digest: string }>(
      url,
      tables
        .map(
          (table) =>
            `select '${table}' as name, count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from public."${table}" t`,
        )
        .join(' union all '),
    );
    return new Map(rows.map((row) => [row.name, row]));
  };
  const problems: string[] = [];
  for (const member of db.members.filter((one) => one !== leader && one.patroni.running)) {
    let differing: string[] = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const [current] = await query<{ lsn: string }>(
        leader.url('postgres'),
        'select pg_current_wal_lsn()::text as lsn',
      );
      const lsn = current?.lsn;
      await until(`${member.name} replays the leader's WAL`, 60_000, async () => {
        const rows = await query<{ behind: boolean }>(
          member.url('postgres'),
          'select pg_last_wal_replay_lsn() < $1::pg_lsn as behind',
          [lsn],
        );
        return rows[0]?.behind === false;
      });
      const theirs = await digest(member.url(APP_DATABASE));
      const ours = await digest(leader.url(APP_DATABASE));
      differing = tables.filter((table) => theirs.get(table)?.digest !== ours.get(table)?.digest);
      if (differing.length === 0) break;
      // The app's background workers may have written between the two reads: read again.
      await sleep(500);
    }
    for (const table of differing) problems.push(`${member.name}: table ${table} differs from the leader's`);
  }
  return problems;
}

/** The first write answered after `since` (sent after it), and the slowest try of a write sent within `window` ms of it. */
function writeFigures(clients: Clients, since: number, window = 60_000) {
  const after = clients.writes.filter((write) => write.sentAt >= since);
  const firstAnswered = after.reduce((first, write) => Math.min(first, write.answeredAt), Number.POSITIVE_INFINITY);
  const worst = after
    .filter((write) => write.sentAt < since + window)
    .reduce((max, write) => Math.max(max, write.answeredAt - write.sentAt), 0);
  return { writesBackS: (firstAnswered - since) / 1000, worstS: worst / 1000 };
}

/**
 * Watches HAProxy's view of the app instances until stopped: every state the
 * instance not being restarted (`spared()`) was seen in other than UP.
 */
function watchBalancer(balancer: Balancer, spared: () => string | undefined) {
  const lapses: string[] = [];
  let stopped = false;
  const done = (async () => {
    while (!stopped) {
      const states = await balancer.states().catch(() => new Map<string, string>());
      const server = spared();
      const state = server ? states.get(server) : 'UP';
      if (server && !state?.startsWith('UP')) lapses.push(`${server} ${state ?? 'unknown'}`);
      await sleep(200);
    }
  })();
  return {
    lapses,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

async function serverUp(balancer: Balancer, server: string, up: boolean, ms = 60_000): Promise<void> {
  await until(`HAProxy marks ${server} ${up ? 'UP' : 'DOWN'}`, ms, async () => {
    const state = (await balancer.states()).get(server) ?? '';
    return up ? state === 'UP' : state.startsWith('DOWN');
  });
}

const { ttl, loopWait } = DCS_TIMING;

const FAULTS: Fault[] = [
  {
    name: 'leader-killed',
    share: 0.2,
    inject: async ({ db, clients, struck, log }) => {
      const result: FaultResult = { violations: [], notes: [] };
      const old = await healthy(db);
      await db.killMember(old);
      // Measured from the moment its PostgreSQL is gone: a write sent before may still have been answered by it.
      struck();
      const killedAt = Date.now();
      log(`leader ${old.name} killed`);
      let next: Member | undefined;
      await until('a new leader', (ttl + loopWait + 60) * 1000, async () => {
        next = await db.leader();
        return next !== undefined && next !== old;
      });
      log(`${next?.name} leads ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
      await until('a write answered after the kill', 60_000, async () =>
        clients.writes.some((w) => w.sentAt >= killedAt),
      );
      const { writesBackS } = writeFigures(clients, killedAt);
      if (writesBackS > ttl + loopWait + MARGIN_S)
        result.violations.push(
          `writes back after ${writesBackS.toFixed(1)} s, more than ttl + loop_wait + ${MARGIN_S} s`,
        );
      return result;
    },
  },
  {
    name: 'old-leader-restarted',
    share: 0.1,
    inject: async ({ db, struck, log }) => {
      const result: FaultResult = { violations: [], notes: [] };
      const stopped = db.members.find((member) => !member.patroni.running);
      if (!stopped) throw new Error('no stopped member to restart');
      const leader = await db.leader();
      const logBefore = stopped.patroni.log(Number.MAX_SAFE_INTEGER).length;
      struck();
      db.startMember(stopped);
      await until(`${stopped.name} streams from the leader`, 120_000, async () => {
        const rows = await query<{ name: string }>(
          (leader as Member).url('postgres'),
          "select application_name as name from pg_stat_replication where state = 'streaming'",
        );
        return rows.some((row) => row.name === stopped.name);
      });
      log(`${stopped.name} streams again`);
      if (!(await inRecovery(stopped))) result.violations.push(`${stopped.name} came back out of recovery`);
      const sessions = await query<{ count: number }>(
        stopped.url('postgres'),
        'select count(*)::int as count from pg_stat_activity where usename = $1',
        [APP_USER],
      );
      if (sessions[0]?.count !== 0)
        result.violations.push(`${sessions[0]?.count} app sessions on ${stopped.name}, which is not the leader`);
      // Whether it had to be rewound depends on whether it wrote WAL the new leader never received before it died.
      const rewound = /pg_rewind/.test(stopped.patroni.log(Number.MAX_SAFE_INTEGER).slice(logBefore));
      result.notes.push(
        rewound ? `${stopped.name} rejoined through pg_rewind` : `${stopped.name} rejoined without a rewind`,
      );
      return result;
    },
  },
  {
    name: 'sync-replica-killed',
    share: 0.15,
    inject: async ({ db, clients, struck, log }) => {
      const result: FaultResult = { violations: [], notes: [] };
      const leader = await healthy(db);
      const sync = (await db.state()).find((row) => row.role === 'sync_standby');
      if (!sync) throw new Error('no synchronous replica');
      const victim = db.member(sync.name);
      const unansweredBefore = clients.unanswered;
      struck();
      const killedAt = Date.now();
      await db.killMember(victim);
      log(`synchronous replica ${victim.name} killed`);
      await sleep((loopWait * 2 + 5) * 1000);
      const { worstS } = writeFigures(clients, killedAt, (loopWait * 2 + 5) * 1000);
      result.notes.push(`worst write ${worstS.toFixed(1)} s`);
      if (worstS > loopWait + MARGIN_S)
        result.violations.push(`a write took ${worstS.toFixed(1)} s, more than loop_wait + ${MARGIN_S} s`);
      if (clients.unanswered !== unansweredBefore)
        result.violations.push(`${clients.unanswered - unansweredBefore} requests got no answer within 15 s`);
      if ((await db.leader()) !== leader) result.violations.push('the leader changed when a replica died');
      db.startMember(victim);
      await healthy(db);
      log(`${victim.name} streams again`);
      return result;
    },
  },
  {
    name: 'app-instance-killed',
    share: 0.15,
    inject: async ({ db, apps, balancer, struck, log }) => {
      const result: FaultResult = { violations: [], notes: [] };
      const [first, second] = apps.servers as [ManagedProcess, ManagedProcess];
      let spared: string | undefined = 'app2';
      const watch = watchBalancer(balancer, () => spared);
      struck();
      first.kill();
      await serverUp(balancer, 'app1', false, 10_000);
      log('app1 killed and marked down');
      await first.start();
      await serverUp(balancer, 'app1', true);
      spared = undefined;
      // Then one instance restarted while a replica is away (the asynchronous one: the writes go on).
      const replica = (await db.state()).find((row) => row.role === 'replica');
      if (!replica) throw new Error('no asynchronous replica');
      const away = db.member(replica.name);
      await db.killMember(away);
      spared = 'app1';
      second.kill();
      await serverUp(balancer, 'app2', false, 10_000);
      const restartedAt = Date.now();
      await second.start();
      await serverUp(balancer, 'app2', true);
      spared = undefined;
      const ready = ((Date.now() - restartedAt) / 1000).toFixed(1);
      log(`app2 ready ${ready} s after its start, ${away.name} away`);
      result.notes.push(`app2 restarted and ready in ${ready} s while ${away.name} was away`);
      await watch.stop();
      for (const lapse of new Set(watch.lapses)) result.violations.push(`the instance kept running was seen ${lapse}`);
      db.startMember(away);
      await healthy(db);
      return result;
    },
  },
  {
    name: 'etcd-one-lost',
    share: 0.1,
    inject: async ({ db, clients, struck, log }) => {
      const result: FaultResult = { violations: [], notes: [] };
      const leader = await healthy(db);
      struck();
      const lostAt = Date.now();
      await db.killEtcd(0);
      log('etcd1 killed');
      await sleep((ttl + loopWait) * 1000);
      const { worstS } = writeFigures(clients, lostAt, (ttl + loopWait) * 1000);
      result.notes.push(`worst write ${worstS.toFixed(1)} s`);
      if (worstS > loopWait) result.violations.push(`a write took ${worstS.toFixed(1)} s with one etcd member lost`);
      if ((await db.leader()) !== leader) result.violations.push('the leader changed when one etcd member was lost');
      db.startEtcd(0);
      return result;
    },
  },
  {
    name: 'etcd-quorum-lost',
    share: 0.3,
    inject: async ({ db, clients, struck, log }) => {
      const result: FaultResult = { violations: [], notes: [] };
      const leader = await healthy(db);
      struck();
      const lostAt = Date.now();
      await db.killEtcd(1);
      await db.killEtcd(2);
      log('etcd2 and etcd3 killed: no quorum');
      // Past the leader key's ttl: without failsafe mode the leader would demote to read-only by now.
      const hold = (ttl + 2 * loopWait) * 1000;
      await sleep(hold);
      if (await inRecovery(leader))
        result.violations.push(`${leader.name} demoted without quorum despite failsafe mode`);
      const late = clients.writes.filter((write) => write.sentAt >= lostAt + ttl * 1000);
      if (late.length === 0) result.violations.push('no write succeeded after the ttl without quorum');
      const { worstS } = writeFigures(clients, lostAt, hold);
      result.notes.push(`${late.length} writes after the ttl without quorum, worst write ${worstS.toFixed(1)} s`);
      db.startEtcd(1);
      db.startEtcd(2);
      const back = Date.now();
      const after = await healthy(db);
      if (after !== leader)
        result.violations.push(`the leader changed (${leader.name} to ${after.name}) across the quorum loss`);
      result.notes.push(`Patroni whole again ${((Date.now() - back) / 1000).toFixed(1)} s after quorum returned`);
      return result;
    },
  },
];

async function checkPhase(ctx: WorkloadContext, db: PatroniCluster, usernames: string[], log: (m: string) => void) {
  const violations: string[] = [];
  const unsettled = await settle(ctx.clients, log);
  if (unsettled) violations.push(unsettled);
  const books = await readProviderBooks(ctx.clients, usernames);
  const bank = await readBankBooks(ctx.clients);
  const leader = await healthy(db);
  const handle = await openPostgres(leader.url(APP_DATABASE), { poolSize: 2 });
  try {
    // The journal covers the whole run so far: every check holds for everything done up to now.
    const journal: Journal = { ...ctx.journal, violations: [] };
    violations.push(...(await verifyRun(handle.db, journal, books, bank)));
  } finally {
    await handle.close();
  }
  violations.push(...(await compareMembers(db)));
  return violations;
}

async function main() {
  const options = parseOptions([...DEFAULTS, ...process.argv.slice(2), '--store', 'postgres'], {});
  const started = Date.now();
  const deadline = started + options.minutes * 60_000;
  const log = (message: string) => {
    if (options.verbose) console.log(`  ${((Date.now() - started) / 1000).toFixed(1)} s: ${message}`);
  };
  let db: PatroniCluster | undefined;
  let apps: Cluster | undefined;
  let balancer: Balancer | undefined;
  const stopAll = async () => {
    await balancer?.stop().catch(() => undefined);
    await apps?.stop().catch(() => undefined);
    await db?.stop().catch(() => undefined);
  };
  // Interrupted (Ctrl-C, a CI timeout): nothing it started may outlive it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopAll().finally(() => process.exit(130));
    });
  }
  let failed = false;
  try {
    db = await startPatroniCluster({ log });
    console.log(await db.describe());
    const frontPort = await freePort();
    apps = await startCluster({
      store: { kind: 'postgres', url: db.appUrl },
      serverCount: 2,
      faultRate: options.faultRate,
      callbackUrl: `http://127.0.0.1:${frontPort}`,
    });
    balancer = await startAppFront(
      apps.servers.map((server) => new URL(server.url).host),
      frontPort,
    );
    apps.front = balancer.url;

    const random = seededRandom(options.seed);
    const clients = new Clients(apps, random);
    const runTag = Number(String(Date.now()).slice(-5));
    const setUp = await setUpPlayers(clients, options.players, runTag);
    const ctx: WorkloadContext = {
      clients,
      journal: newJournal(),
      random,
      house: setUp.house,
      runTag,
      serial: { value: 0 },
      pairs: await setUpAttackPairs(
        clients,
        runTag,
        setUp.players.map((player) => player.bankNumber),
      ),
      loyalty: await setUpLoyalty(clients, runTag),
      bonus: await setUpBonusAttacks(clients, runTag),
    };
    const usernames = () => [...setUp.players.map((player) => player.username), ...ctx.journal.bonusAttacks.usernames];
    let reported = 0;
    for (const fault of FAULTS) {
      const ops = Math.max(100, Math.round(options.ops * fault.share));
      const before = clients.operations;
      let struckAt = 0;
      let faultDone = false;
      const tools: Tools = {
        db,
        apps,
        balancer,
        clients,
        log,
        struck: () => {
          struckAt = Date.now();
        },
      };
      const injected = (async () => {
        while (Date.now() < deadline && (clients.operations - before) / ops < FAULT_AT) await sleep(50);
        try {
          return await fault.inject(tools);
        } finally {
          faultDone = true;
        }
      })();
      const [, result] = await Promise.all([
        runWorkload(ctx, apps, setUp.players, {
          ops,
          deadline,
          killAt: [],
          sandboxKillAt: [],
          keepGoing: () => !faultDone,
        }),
        injected,
      ]);
      const operations = clients.operations - before;
      const violations = [...ctx.journal.violations.slice(reported), ...result.violations];
      reported = ctx.journal.violations.length;
      violations.push(...(await checkPhase(ctx, db, usernames(), log)));
      const { writesBackS } = writeFigures(clients, struckAt);
      for (const note of result.notes) console.log(`  ${fault.name}: ${note}`);
      for (const violation of violations.slice(0, 30)) console.log(`  violation: ${violation}`);
      console.log(
        `fault ${fault.name}: ${operations} operations, writes back after ${writesBackS.toFixed(1)} s, ${violations.length} violations`,
      );
      if (violations.length > 0) failed = true;
      if (Date.now() > deadline) {
        console.log(`  the run's ${options.minutes} minutes are over: the matrix stops here`);
        failed = true;
        break;
      }
    }
    console.log(await db.describe());
    console.log(
      `  ${ctx.journal.feed.size} bank references, ${ctx.journal.withdrawals.size} withdrawals, ${ctx.journal.transfers.size} transfers; ` +
        `${clients.retriedUnavailable} answers "unavailable" and ${clients.unanswered} requests without an answer, all retried; ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s in all`,
    );
    process.exitCode = failed ? 1 : 0;
  } catch (error) {
    const tails = apps ? [...apps.servers, apps.sandbox].map((one) => `--- ${one.name}\n${one.tail()}`) : [];
    console.error(`failover run failed: ${(error as Error).stack}\n${tails.join('\n')}\n${db?.logs() ?? ''}`);
    process.exitCode = 2;
  } finally {
    await stopAll();
  }
}

main().then(
  () => process.exit(),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
