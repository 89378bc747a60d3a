import { type CallCost, COST_PARTS, type CostPart } from './instructions.ts';
import type { LoadFigures } from './load.ts';
import type { BenchReport, StoreFigures } from './run.ts';

const ratio = (value: number, base: number | undefined) => (base ? `${(value / base).toFixed(2)}×` : '–');
const ms = (value: number) => `${value} ms`;

function table(head: string[], rows: (string | number)[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ].join('\n');
}

function loadRow(name: string, figures: LoadFigures, base: number | undefined, target: string) {
  return [
    name,
    figures.perSecond,
    ms(figures.p50),
    ms(figures.p99),
    figures.errors,
    ratio(figures.perSecond, base),
    target,
    `${figures.cpuMs.server} / ${figures.cpuMs.database} / ${figures.cpuMs.loadGenerator}`,
  ];
}

const CPU_COLUMN = 'CPU ms per request: server / database / load generator';

function storeSection(title: string, store: StoreFigures, report: BenchReport, embedded = false): string {
  const tps = report.pgbench?.before.tps;
  const parts = [
    `### ${title}`,
    '',
    table(
      ['money-moving call', 'per s', 'p50', 'p99', 'errors', 'vs pgbench TPC-B', 'target', CPU_COLUMN],
      // The player's withdrawal ≥ 0.7× of pgbench TPC-B, every other money call ≥ 0.5×; each p99 under 30 ms.
      Object.entries(store.money).map(([name, figures]) =>
        loadRow(name, figures, tps, name === 'withdraw' ? '≥ 0.7×, p99 < 30 ms' : '≥ 0.5×, p99 < 30 ms'),
      ),
    ),
  ];
  if (Object.keys(store.reads).length > 0) {
    parts.push(
      '',
      table(
        ['read', 'per s', 'p50', 'p99', 'errors', 'vs bare route', 'target', CPU_COLUMN],
        Object.entries(store.reads).map(([name, figures]) =>
          loadRow(name, figures, report.bare?.perSecond, name === 'balance' ? '≥ 0.25×, p99 < 20 ms' : ''),
        ),
      ),
    );
  }
  if (store.floor) {
    // The product's reads against the same query behind a bare route, on the same database, same run.
    const floor = store.floor;
    const against = (name: string, target: string) => {
      const figures = store.reads[name];
      return figures ? [loadRow(`${name} vs floor`, figures, floor.perSecond, target)] : [];
    };
    parts.push(
      '',
      table(
        ['read vs driver floor', 'per s', 'p50', 'p99', 'errors', 'vs driver floor', 'target', CPU_COLUMN],
        [
          loadRow('driver floor (balance query, bare route)', floor, floor.perSecond, ''),
          ...against('balance', '≥ 0.7×'),
          ...against('history', '≥ 0.5×'),
        ],
      ),
    );
  }
  if (store.autoWithdraw) {
    const auto = store.autoWithdraw;
    parts.push(
      '',
      table(
        ['auto-withdraw', 'per s', 'p50', 'p99', 'errors', 'target'],
        [
          [
            'request (POST /api/player/withdraw)',
            auto.request.perSecond,
            ms(auto.request.p50),
            ms(auto.request.p99),
            auto.request.errors,
            '',
          ],
          [
            `request → paid by the sandbox bank (${auto.automatic} of ${auto.payouts} paid automatically)`,
            '',
            ms(auto.paidP50),
            ms(auto.paidP99),
            auto.payouts - auto.automatic,
            'p99 < 2 s',
          ],
        ],
      ),
    );
  }
  const process = [
    ['start to /health', ms(store.startMs), '≤ 5 s on PostgreSQL'],
    // The idle and under-load targets are the server's on PostgreSQL; the embedded store's is its peak.
    ['resident memory, idle', `${store.rssIdleMiB} MiB`, embedded ? '' : '≤ 120 MB'],
    ['resident memory, under load (highest sample)', `${store.rssLoadMiB} MiB`, embedded ? '' : '≤ 200 MB'],
    ['peak resident memory (high-water mark)', `${store.peakMiB} MiB`, embedded ? '≤ 350 MB' : ''],
  ];
  const runs: [string, LoadFigures | undefined][] = [
    ...Object.entries(store.money),
    ['auto-withdraw', store.autoWithdraw?.request],
    ...Object.entries(store.reads),
    ['login', store.login],
  ];
  const byRun = runs.flatMap(([name, figures]) =>
    figures?.serverRssMiB === undefined ? [] : [`${name} ${figures.serverRssMiB}`],
  );
  if (byRun.length > 0) process.push(['resident memory, highest in each run (MiB)', byRun.join(', '), '']);
  if (store.login)
    process.unshift(['logins per s (p99)', `${store.login.perSecond} (${ms(store.login.p99)})`, report.argon2]);
  parts.push('', table(['server process', 'figure', 'note'], process));
  return parts.join('\n');
}

/** Targets at scale: p99 within 1.5× of the empty database, the player search under 100 ms. */
const SCALE_TARGETS: Record<string, string> = {
  withdraw: 'p99 ≤ 1.5× empty',
  balance: 'p99 ≤ 1.5× empty',
  history: 'p99 ≤ 1.5× empty',
  'search, one operator': 'p99 < 100 ms',
};

/** The target of a money call's instructions, as a multiple of TPC-B's. */
function instructionTarget(name: string): string {
  return /withdrawal|seamless/.test(name) ? '≤ 1.5×' : '≤ 2×';
}

function instructionsSection(report: BenchReport): string {
  const figures = report.instructions;
  if (!figures) return '';
  const millions = (value: number) => `${(value / 1e6).toFixed(2)} M`;
  const calls: [string, CallCost][] = [
    [`pgbench TPC-B (scale ${figures.pgbenchScale})`, figures.tpcb],
    ...Object.entries(figures.money),
  ];
  const parts = Object.keys(COST_PARTS) as CostPart[];
  return [
    `### PostgreSQL instructions per call (valgrind, single-user backend, ${figures.calls} − ${figures.baseline} calls; PostgreSQL ${figures.postgres})`,
    '',
    table(
      ['call', 'instructions', 'vs TPC-B', 'target', 'statements', 'transactions'],
      calls.map(([name, cost], index) => [
        name,
        millions(cost.instructions),
        ratio(cost.instructions, figures.tpcb.instructions),
        index === 0 ? '' : instructionTarget(name),
        Number(cost.statements.toFixed(1)),
        Number(cost.transactions.toFixed(2)),
      ]),
    ),
    '',
    'Where they go (each part with everything it calls, as a share of the call; the parts overlap):',
    '',
    table(
      ['call', ...parts],
      calls.map(([name, cost]) => [
        name,
        ...parts.map((part) => `${Math.round((100 * cost.parts[part]) / cost.instructions)} %`),
      ]),
    ),
  ].join('\n');
}

function scaleSection(report: BenchReport): string {
  const scale = report.scale;
  const empty = report.postgres;
  if (!scale || !empty) return '';
  const gib = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  const thousands = (value: number) => value.toLocaleString('en-US');
  const rows: (string | number)[][] = [];
  const runs = { ...scale.figures.money, ...scale.figures.reads };
  const emptyRuns: Record<string, LoadFigures> = { ...empty.money, ...empty.reads };
  for (const [name, figures] of Object.entries(runs)) {
    const before = emptyRuns[name];
    rows.push([
      name,
      before ? `${before.perSecond} / ${ms(before.p50)} / ${ms(before.p99)}` : '–',
      `${figures.perSecond} / ${ms(figures.p50)} / ${ms(figures.p99)}`,
      before ? ratio(figures.p99, before.p99) : '–',
      figures.errors,
      SCALE_TARGETS[name] ?? '',
    ]);
  }
  return [
    `### The product on PostgreSQL at scale: ${thousands(scale.players)} players`,
    '',
    `Seeded in SQL (bench/scale.ts) in ${scale.seedSeconds.toFixed(0)} s: ${thousands(scale.players)} players, ` +
      `${thousands(scale.journals)} journals, ${thousands(scale.postings)} postings, ${thousands(scale.history)} history entries; ` +
      `database ${gib(scale.databaseBytes)} (steps: ${Object.entries(scale.steps)
        .map(([step, seconds]) => `${step} ${seconds.toFixed(0)} s`)
        .join(', ')}).`,
    '',
    table(
      ['run', 'empty: per s / p50 / p99', 'at scale: per s / p50 / p99', 'p99 at scale ÷ empty', 'errors', 'target'],
      rows,
    ),
  ].join('\n');
}

/** The bench's figures as Markdown tables (printed, written beside the JSON, and copied into docs/performance.md). */
export function formatReport(report: BenchReport): string {
  const { machine, settings } = report;
  const parts = [
    `## Bench ${report.at.slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB, Node ${machine.node}` +
      `${machine.postgres ? `, PostgreSQL ${machine.postgres}` : ''}. ` +
      `${settings.connections} concurrent connections, ${settings.seconds} s per run, ${settings.players} players; ` +
      `server ${settings.mode === 'compiled' ? 'compiled, as npm start runs it' : 'from source through tsx'}.`,
  ];
  if (report.pgbench || report.bare) {
    const rows: (string | number)[][] = [];
    if (report.pgbench) {
      const { before, selectOnly, after } = report.pgbench;
      rows.push(
        [`pgbench TPC-B (scale ${settings.pgbenchScale}), before`, `${before.tps} TPS`, ms(before.latencyMs)],
        [`pgbench TPC-B, after the HTTP runs`, `${after.tps} TPS`, ms(after.latencyMs)],
        ['pgbench select-only', `${selectOnly.tps} TPS`, ms(selectOnly.latencyMs)],
      );
    }
    const sqlOnly = report.seamlessInDatabase;
    if (sqlOnly)
      rows.push([
        'seamless bet + win in the database alone (pgbench script of the two calls, no server)',
        `${sqlOnly.tps * 2} calls/s, ${ratio(sqlOnly.tps * 2, report.pgbench?.before.tps)} of TPC-B`,
        `${ms(sqlOnly.latencyMs)} a pair`,
      ]);
    if (report.bare)
      rows.push(['bare Fastify route (GET)', `${report.bare.perSecond} /s`, `p99 ${ms(report.bare.p99)}`]);
    parts.push('', '### Baselines, same run', '', table(['baseline', 'throughput', 'latency'], rows));
  }
  if (report.instructions) parts.push('', instructionsSection(report));
  if (report.postgres) parts.push('', storeSection('The product on PostgreSQL', report.postgres, report));
  if (report.scale) parts.push('', scaleSection(report));
  if (report.embedded)
    parts.push('', storeSection('The product on the embedded store (PGlite)', report.embedded, report, true));
  if (report.web) {
    parts.push(
      '',
      '### Web app first load (gzip)',
      '',
      table(
        ['page', 'JS', 'CSS', 'target'],
        report.web.map((row) => [
          row.route,
          `${row.jsKb} KB`,
          `${row.cssKb} KB`,
          row.route === '/login' ? 'JS ≤ 120 KB' : '',
        ]),
      ),
    );
  }
  if (report.lighthouse) {
    parts.push(
      '',
      '### Lighthouse, mobile (median, every run in brackets; target ≥ 97, accessibility 100)',
      '',
      table(
        ['page', 'performance', 'accessibility', 'metrics', 'host'],
        report.lighthouse.map((row) => [row.page, row.performance, row.accessibility, row.metrics, row.host]),
      ),
    );
  }
  const loop = report.testLoop;
  parts.push(
    '',
    '### Test loop',
    '',
    table(
      ['measure', 'figure', 'target'],
      [
        [
          '`npm test` wall time, the last run in this checkout',
          !loop
            ? 'no run recorded (run npm test)'
            : loop.seconds === null
              ? `started ${loop.startedAt}, did not finish`
              : `${Math.floor(loop.seconds / 60)} min ${loop.seconds % 60} s (${loop.cores} cores, ${loop.startedAt})`,
          '≤ 10 min on 2 cores',
        ],
      ],
    ),
  );
  return parts.join('\n');
}
