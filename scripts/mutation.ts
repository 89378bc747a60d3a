/**
 * Mutation testing of the money code (StrykerJS, outside CI): runs Stryker on
 * each group of money files (GROUPS below) against that group's tests, one
 * group after the other, then prints the mutation score of every mutated file
 * and the mutants that survived.
 *
 *   npm run test:mutation                                 every money file (incremental)
 *   npm run test:mutation -- --mutate <file>[:from-to]   one file (or lines of it), by its path from the root
 *   npm run test:mutation -- --force                      ignore the last results, test every mutant again
 *   npm run test:mutation -- --concurrency 1              one test runner (default 2)
 *   npm run test:mutation -- --threshold 90               the per-file score below which the run fails (default 90)
 *
 * Other arguments go to Stryker as they are. Reports: reports/mutation/<group>/
 * (index.html, mutation.json, and incremental.json, the last results, reused by
 * the next run); a run of chosen files keeps its own under
 * reports/mutation/<group>/only/<files>/ so that it never replaces the group's
 * results. See docs/reliability.md, "Mutation testing".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPORTS = path.join(ROOT, 'reports', 'mutation');

/**
 * The money code in groups: each group's files are mutated against the test
 * files that state their rules (tests: undefined means the package's own
 * vitest config). A mutant then runs only the tests of its group that covered
 * it: the whole server suite covers postJournal, and a surviving mutant would
 * otherwise run all of it. A new money file joins the group whose tests speak
 * for it, or a new group.
 */
const GROUPS: readonly { name: string; dir: string; mutate: readonly string[]; tests?: readonly string[] }[] = [
  { name: 'money', dir: 'packages/contracts', mutate: ['src/money.ts'] },
  // The assertions that guard the money code's invariants, against their own unit test.
  { name: 'assertions', dir: 'apps/server', mutate: ['src/lib/assert.ts'], tests: ['test/app/assert.test.ts'] },
  {
    name: 'ledger',
    dir: 'apps/server',
    mutate: [
      'src/modules/ledger/ledger.service.ts',
      'src/modules/ledger/ledger-check.ts',
      'src/modules/ledger/ledger.repository.ts',
      'src/modules/idempotency/idempotency.service.ts',
    ],
    tests: [
      'test/ledger/ledger.test.ts',
      'test/ledger/ledger-rules.test.ts',
      'test/ledger/ledger-check-invariants.test.ts',
      'test/deposits/house-accounts.test.ts',
    ],
  },
  {
    name: 'wallet-audit',
    dir: 'apps/server',
    mutate: [
      'src/modules/wallet/wallet.service.ts',
      'src/modules/wallet/manual-adjustment.ts',
      'src/modules/audit/audit.service.ts',
    ],
    tests: [
      'test/ledger/ledger.test.ts',
      'test/audit/audit.test.ts',
      'test/audit/audit-wallet-rules.test.ts',
      'test/admin/admin-players-settings.test.ts',
      'test/wallet/operator-adjust.test.ts',
      'test/wallet/credit-requests.test.ts',
    ],
  },
  {
    name: 'withdrawals',
    dir: 'apps/server',
    mutate: [
      'src/modules/withdrawals/withdrawal.service.ts',
      'src/modules/withdrawals/withdrawal.repository.ts',
      // Every SQL refusal's API error; the withdrawal's refusals name most of them.
      'src/lib/sql-refusal.ts',
    ],
    tests: [
      'test/withdrawals/withdrawals.test.ts',
      'test/withdrawals/withdrawal-rules.test.ts',
      'test/withdrawals/withdrawal-decisions.test.ts',
      'test/db/sql-rules.test.ts',
      'test/db/sql-refusal.test.ts',
      // A withdrawal's verdict and payout, and the queue's payout columns.
      'test/payouts/payouts.test.ts',
      'test/payouts/payout-saga.test.ts',
    ],
  },
  {
    name: 'deposits',
    dir: 'apps/server',
    mutate: [
      'src/modules/deposits/bank-feed.service.ts',
      'src/modules/deposits/slip-deposit.service.ts',
      'src/modules/deposits/deposit-credit.ts',
      // The decisions in TypeScript are the deposits' now (withdrawals decide in SQL: decide_withdrawal).
      'src/modules/decisions/decision.service.ts',
    ],
    tests: [
      'test/deposits/bank-feed.test.ts',
      'test/deposits/slip-deposits.test.ts',
      'test/deposits/deposit-rules.test.ts',
      'test/deposits/deposit-attacks.test.ts',
      // A credited deposit starts the player's pending promotion (creditInOneCall, deposit-credit.ts).
      'test/loyalty/loyalty-rules.test.ts',
      // A transfer over the player's deposit limit, or to an excluded player, is held (bank-feed.service.ts).
      'test/protection/protection.test.ts',
    ],
  },
  {
    name: 'games',
    dir: 'apps/server',
    mutate: [
      'src/modules/games/transfer.service.ts',
      'src/modules/games/reconciler.ts',
      'src/modules/games/seamless.service.ts',
    ],
    tests: [
      'test/games/transfers.test.ts',
      'test/games/games.test.ts',
      'test/games/seamless.test.ts',
      'test/games/games-rules.test.ts',
    ],
  },
  {
    name: 'payouts',
    dir: 'apps/server',
    mutate: [
      'src/modules/payouts/risk.ts',
      'src/modules/payouts/payout.service.ts',
      'src/modules/payouts/payout.repository.ts',
      'src/modules/payouts/payout-verdict.ts',
      'src/modules/payouts/payout-statement.ts',
      'src/modules/payouts/payout-reports.ts',
    ],
    tests: [
      'test/payouts/risk-rules.test.ts',
      'test/payouts/payout-saga.test.ts',
      'test/payouts/payouts.test.ts',
      'test/withdrawals/withdrawal-decisions.test.ts',
      // A held deposit returned by a cashier: postWithdrawPayout's one caller.
      'test/protection/protection.test.ts',
    ],
  },
  {
    // Points, rewards, promotions and turnover (the model test is random, so not a mutation oracle).
    name: 'loyalty',
    dir: 'apps/server',
    mutate: [
      'src/modules/loyalty/bonus-money.ts',
      'src/modules/loyalty/loyalty-settings.ts',
      'src/modules/loyalty/points.ts',
      'src/modules/loyalty/points.repository.ts',
      'src/modules/loyalty/promotions.ts',
      'src/modules/loyalty/promotions.repository.ts',
      'src/modules/loyalty/rewards.ts',
      'src/modules/loyalty/rewards.repository.ts',
      'src/modules/loyalty/turnover.ts',
    ],
    tests: [
      'test/loyalty/loyalty-rules.test.ts',
      'test/loyalty/loyalty-units.test.ts',
      'test/loyalty/bonus-paths.test.ts',
    ],
  },
  {
    // Cashback: when a period is settled, what the player and operators are shown.
    name: 'cashback',
    dir: 'apps/server',
    mutate: ['src/modules/cashback/cashback.ts', 'src/modules/cashback/cashback.repository.ts'],
    tests: ['test/cashback/cashback-rules.test.ts'],
  },
  {
    // VIP ranks and rakeback: when players are raised and paid, what they and operators read.
    name: 'vip',
    dir: 'apps/server',
    mutate: ['src/modules/vip/vip.ts', 'src/modules/vip/vip.repository.ts'],
    tests: ['test/vip/vip-rules.test.ts'],
  },
];

type Options = { mutate: string[]; threshold: number; concurrency: string | undefined; passThrough: string[] };

function parseArguments(argv: readonly string[]): Options {
  const options: Options = { mutate: [], threshold: 90, concurrency: undefined, passThrough: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const argument = argv[i] ?? '';
    const [flag, inline] = argument.startsWith('--') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      i += 1;
      const next = argv[i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    if (flag === '--mutate' || flag === '-m') options.mutate.push(...value().split(','));
    else if (flag === '--threshold') options.threshold = Number(value());
    else if (flag === '--concurrency' || flag === '-c') options.concurrency = value();
    else options.passThrough.push(argument);
  }
  if (!Number.isFinite(options.threshold)) throw new Error('--threshold needs a number');
  return options;
}

/** Splits `file:10-20` into the file and its optional line range. */
function splitRange(pattern: string): { file: string; range: string } {
  const match = /^(.*?)(:\d+(?::\d+)?-\d+(?::\d+)?)?$/.exec(pattern);
  return { file: match?.[1] ?? pattern, range: match?.[2] ?? '' };
}

/** The --mutate patterns (paths from the root or the cwd, with an optional :lines range) that name files of a group. */
function patternsFor(group: (typeof GROUPS)[number], patterns: readonly string[]): string[] {
  const packageDir = path.join(ROOT, group.dir);
  const mine: string[] = [];
  for (const pattern of patterns) {
    const { file, range } = splitRange(pattern);
    for (const candidate of [path.resolve(process.env.INIT_CWD ?? process.cwd(), file), path.resolve(ROOT, file)]) {
      const relative = path.relative(packageDir, candidate).split(path.sep).join('/');
      if (group.mutate.includes(relative)) {
        mine.push(`${relative}${range}`);
        break;
      }
    }
  }
  return mine;
}

type Mutant = {
  status: string;
  mutatorName: string;
  replacement?: string;
  location: { start: { line: number; column: number } };
};
type Report = { files: Record<string, { mutants: Mutant[] }> };

type FileScore = {
  file: string;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  errors: number;
  ignored: number;
  score: number;
  survivors: Mutant[];
};

/** Scores as Stryker counts them: detected (killed, timed out) over valid mutants; errors and ignored ones do not count. */
function scoreFiles(report: Report, dir: string): FileScore[] {
  return Object.entries(report.files)
    .map(([file, { mutants }]) => {
      const count = (...statuses: string[]) => mutants.filter((m) => statuses.includes(m.status)).length;
      const killed = count('Killed');
      const timeout = count('Timeout');
      const survived = count('Survived');
      const noCoverage = count('NoCoverage');
      const valid = killed + timeout + survived + noCoverage;
      return {
        file: path.posix.join(dir, file.split(path.sep).join('/')),
        killed,
        timeout,
        survived,
        noCoverage,
        errors: count('CompileError', 'RuntimeError'),
        ignored: count('Ignored'),
        score: valid === 0 ? 100 : (100 * (killed + timeout)) / valid,
        survivors: mutants
          .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
          .sort((a, b) => a.location.start.line - b.location.start.line),
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

function printScores(scores: readonly FileScore[], threshold: number): void {
  const width = Math.max(...scores.map((s) => s.file.length), 4);
  const header = `${'file'.padEnd(width)}  score  killed timeout survived no-cov errors ignored`;
  console.log(`\nMutation score per file (threshold ${threshold}%)\n${header}\n${'-'.repeat(header.length)}`);
  for (const s of scores) {
    const columns = [s.killed, s.timeout, s.survived, s.noCoverage, s.errors, s.ignored].map((n, i) =>
      String(n).padStart([6, 7, 8, 6, 6, 7][i] ?? 6),
    );
    const mark = s.score < threshold ? '  < threshold' : '';
    console.log(`${s.file.padEnd(width)} ${s.score.toFixed(2).padStart(6)} ${columns.join(' ')}${mark}`);
  }
  const survivors = scores.flatMap((s) => s.survivors.map((m) => ({ file: s.file, mutant: m })));
  if (survivors.length > 0) {
    console.log(`\nSurviving mutants (${survivors.length}; equivalent ones are listed in docs/reliability.md):`);
    for (const { file, mutant } of survivors) {
      const where = `${file}:${mutant.location.start.line}:${mutant.location.start.column}`;
      const replacement = (mutant.replacement ?? '').replace(/\s+/g, ' ').slice(0, 100);
      console.log(`  ${where} ${mutant.status} ${mutant.mutatorName}: ${replacement}`);
    }
  }
}

function main(): number {
  const options = parseArguments(process.argv.slice(2));
  const stryker = path.join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js');
  const scores: FileScore[] = [];
  let failed = false;
  for (const group of GROUPS) {
    const chosen = options.mutate.length > 0 ? patternsFor(group, options.mutate) : [...group.mutate];
    if (chosen.length === 0) continue;
    const whole = chosen.length === group.mutate.length && chosen.every((file) => group.mutate.includes(file));
    const slug = chosen.map((m) => m.replace(/[^A-Za-z0-9.-]+/g, '_')).join('+');
    // A run of chosen files keeps its reports apart, so that it never replaces the whole group's results.
    const reportDir = whole ? path.join(REPORTS, group.name) : path.join(REPORTS, group.name, 'only', slug);
    const args = [stryker, 'run', 'stryker.config.mjs', '--mutate', chosen.join(','), ...options.passThrough];
    if (options.concurrency !== undefined) args.push('--concurrency', options.concurrency);
    console.log(`\n== ${group.name} (${group.dir}): ${chosen.join(', ')}`);
    const started = Date.now();
    const run = spawnSync(process.execPath, args, {
      cwd: path.join(ROOT, group.dir),
      stdio: 'inherit',
      env: {
        ...process.env,
        MUTATION_REPORT_DIR: reportDir,
        ...(group.tests ? { MUTATION_TEST_FILES: group.tests.join(',') } : {}),
      },
    });
    console.log(`== ${group.name}: ${((Date.now() - started) / 60_000).toFixed(1)} min, exit ${run.status}`);
    if (run.status !== 0) failed = true;
    const json = path.join(reportDir, 'mutation.json');
    if (run.status === 0 && existsSync(json)) {
      scores.push(...scoreFiles(JSON.parse(readFileSync(json, 'utf8')) as Report, group.dir));
    }
  }
  if (options.mutate.length > 0 && scores.length === 0 && !failed) {
    console.error(`No money group holds ${options.mutate.join(', ')} (paths from the root, e.g. apps/server/src/...)`);
    return 2;
  }
  printScores(scores, options.threshold);
  console.log(`\nReports: ${path.relative(ROOT, REPORTS)}/<group>/index.html`);
  const below = scores.filter((s) => s.score < options.threshold);
  if (below.length > 0) console.error(`\n${below.length} file(s) below ${options.threshold}%.`);
  return failed ? 1 : below.length > 0 ? 1 : 0;
}

process.exitCode = main();
