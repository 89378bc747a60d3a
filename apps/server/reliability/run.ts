import { ADMIN_PATHS } from '@app/contracts/paths';
import { RISK_RULES_DEFAULT } from '@app/contracts/payouts';
import { openPglite, openPostgres } from '../src/db/database.ts';
import { describeAttacks, setUpAttackPairs } from './attacks.ts';
import { describeBonusAttacks, setUpBonusAttacks } from './bonus-attacks.ts';
import { Clients } from './client.ts';
import { type Cluster, createRunDatabase, newDataDir, startCluster } from './cluster.ts';
import { setUpLoyalty } from './loyalty.ts';
import { type Options, parseOptions } from './options.ts';
import { type RetentionFigures, settleRetention, setUpRanks } from './retention.ts';
import { seededRandom } from './rng.ts';
import { readBankBooks, readProviderBooks, settle, verifyRun } from './verify.ts';
import { newJournal, runWorkload, setUpPlayers } from './workload.ts';

/**
 * `npm run test:reliability`: a bank test in the manner of Jepsen's. Server
 * processes on one store and the sandbox provider with random faults; many
 * simulated players deposit (bank feed, with duplicate deliveries; slips),
 * withdraw (with double taps), move credit to the provider and back and play
 * WC rounds (callbacks duplicated and crossed), while operators approve and
 * reject, racing each other, and attackers try to take deposits that are not
 * theirs or to have one bank reference credited twice (attacks.ts); mid-run a server process is killed with SIGKILL
 * and started again, and so is the sandbox provider (on the same data directory). Afterwards the books are checked (verify.ts). The last
 * line reads "<N> operations, <K> kills, <V> violations"; any violation fails.
 */

type ScenarioResult = {
  name: string;
  operations: number;
  kills: number;
  violations: string[];
  seconds: number;
  /** What the run did on purpose and what it met, for the log. */
  details: string;
};

function log(options: Options, message: string) {
  if (options.verbose) console.log(`  ${message}`);
}

async function runScenario(
  name: 'postgres' | 'pglite',
  options: Options,
  ops: number,
  deadline: number,
): Promise<ScenarioResult> {
  const started = Date.now();
  const database =
    name === 'postgres' && options.databaseUrl ? await createRunDatabase(options.databaseUrl) : undefined;
  const dataDir = name === 'pglite' ? newDataDir() : undefined;
  const store: Cluster['store'] = database
    ? { kind: 'postgres', url: database.url }
    : { kind: 'pglite', dataDir: dataDir ?? '' };
  const cluster = await startCluster({ store, serverCount: name === 'postgres' ? 2 : 1, faultRate: options.faultRate });
  const random = seededRandom(options.seed + (name === 'postgres' ? 0 : 1));
  const clients = new Clients(cluster, random);
  const journal = newJournal();
  const runTag = Number(String(Date.now()).slice(-5));
  try {
    const players = Math.max(4, name === 'postgres' ? options.players : Math.ceil(options.players / 2));
    log(options, `${name}: ${cluster.servers.length} server process(es), ${players} players, ${ops} operations`);
    const setUp = await setUpPlayers(clients, players, runTag);
    const pairs = await setUpAttackPairs(
      clients,
      runTag,
      setUp.players.map((player) => player.bankNumber),
    );
    const loyalty = await setUpLoyalty(clients, runTag);
    const bonus = await setUpBonusAttacks(clients, runTag);
    await setUpRanks(clients);
    // Automatic payouts for most withdrawals: the run's players deposit and withdraw without
    // much play, so the first-withdrawal and low-turnover rules are off; the amount and daily rules stay.
    const rules = await clients.operator(ADMIN_PATHS.riskRules, {
      method: 'PUT',
      body: {
        ...RISK_RULES_DEFAULT,
        firstWithdrawal: { enabled: false },
        lowTurnover: { enabled: false, percent: RISK_RULES_DEFAULT.lowTurnover.percent },
        amountAboveAuto: { enabled: true, limitBaht: 1_000 },
      },
      counted: false,
    });
    if (rules?.status !== 200) throw new Error(`setting the risk rules: ${JSON.stringify(rules?.body)}`);
    const counted = clients.operations;
    const { kills } = await runWorkload(
      { clients, journal, random, house: setUp.house, runTag, serial: { value: 0 }, pairs, loyalty, bonus },
      cluster,
      setUp.players,
      { ops, deadline, killAt: name === 'postgres' ? [0.35, 0.7] : [0.45], sandboxKillAt: [0.55] },
    );
    const operations = clients.operations - counted;
    log(options, `${name}: ${operations} operations done, ${kills} kills; settling`);
    const unsettled = await settle(clients, (message) => log(options, message));
    if (unsettled) journal.violations.push(unsettled);
    const books = await readProviderBooks(clients, [
      ...setUp.players.map((player) => player.username),
      ...journal.bonusAttacks.usernames,
    ]);
    const bank = await readBankBooks(clients);
    await cluster.stop();
    const handle =
      store.kind === 'postgres'
        ? await openPostgres(store.url, { poolSize: 2 })
        : await openPglite({ dataDir: store.dataDir });
    let retention: RetentionFigures;
    try {
      journal.violations.push(...(await verifyRun(handle.db, journal, books, bank)));
      retention = await settleRetention(handle.db, (message) => journal.violations.push(message));
    } finally {
      await handle.close();
    }
    const { attacks } = journal;
    const details =
      `${journal.feed.size} bank references, ${journal.withdrawals.size} withdrawals, ${journal.slips.size} slips, ` +
      `${journal.transfers.size} transfers, ${journal.rounds} WC rounds, ${journal.decisions.size} decisions; ` +
      `the sandbox killed ${journal.sandbox.kills}× (${journal.sandbox.roundsCut} WC rounds cut off), ` +
      `${attacks.duplicateDeliveries} duplicate deliveries, ${attacks.doubleTaps} double taps, ` +
      `${attacks.decisionRaces} decision races, ${describeAttacks(journal)}, ${describeBonusAttacks(journal)}, ` +
      `${journal.loyalty.claims} promotion claims, ${journal.loyalty.forfeits} forfeits, ` +
      `${journal.loyalty.redemptions.size} redemptions, ${journal.loyalty.decisions.size} fulfilment decisions, ` +
      `${journal.payouts.paid} payouts paid (${journal.payouts.automatic} automatically, ${journal.payouts.retried} after an unknown outcome), ` +
      `${clients.unanswered} requests without an answer; then, the run moved two days back: ` +
      `${retention.cashback} cashback payouts, ${retention.rakeback} rakeback payouts (none: ${retention.rakebackSkipped || '0'}), ${retention.rankUps} level-up rewards ` +
      `(ranks and rakeback by the servers' own jobs during the run, then by three racing jobs of each with cashback; ` +
      `${retention.retried} runs again, ${retention.abandoned} settlements abandoned)`;
    return {
      name,
      operations,
      kills,
      violations: journal.violations,
      seconds: (Date.now() - started) / 1000,
      details,
    };
  } catch (error) {
    const tails = [...cluster.servers, cluster.sandbox].map((process) => `--- ${process.name}\n${process.tail()}`);
    throw new Error(`${name} run failed: ${(error as Error).stack}\n${tails.join('\n')}`);
  } finally {
    await cluster.stop();
    await database?.drop();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const deadline = Date.now() + options.minutes * 60_000;
  if (!options.databaseUrl) {
    console.log('No PostgreSQL (TEST_DATABASE_URL or RELIABILITY_DATABASE_URL): the embedded store only.');
  }
  const both = options.stores.length === 2;
  const results: ScenarioResult[] = [];
  for (const store of options.stores) {
    const share = !both ? 1 : store === 'postgres' ? options.postgresShare : 1 - options.postgresShare;
    // Each scenario gets its share of the time that is left, verification included.
    const left = deadline - Date.now();
    const scenarioDeadline = Date.now() + (both && store === 'postgres' ? left * share : left) - 60_000;
    const result = await runScenario(store, options, Math.round(options.ops * share), scenarioDeadline);
    results.push(result);
    console.log(
      `${result.name}: ${result.operations} operations, ${result.kills} kills, ${result.violations.length} violations (${result.seconds.toFixed(0)} s)`,
    );
    console.log(`  ${result.details}`);
    for (const violation of result.violations.slice(0, 50)) console.log(`  violation: ${violation}`);
  }
  const operations = results.reduce((sum, result) => sum + result.operations, 0);
  const kills = results.reduce((sum, result) => sum + result.kills, 0);
  const violations = results.reduce((sum, result) => sum + result.violations.length, 0);
  console.log(`${operations} operations, ${kills} kills, ${violations} violations`);
  process.exit(violations > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
