import { parseArgs } from 'node:util';

/**
 * The size of a reliability run, set by flags so that CI runs a bounded one
 * and a long run is one command away:
 *
 *   npm run test:reliability -- --ops 100000 --minutes 60
 */
export type Options = {
  /** Client operations to attempt, over all scenarios. */
  ops: number;
  /** Simulated players per scenario (each one a concurrent client). */
  players: number;
  /** Which stores to run on: PostgreSQL with two server processes, the embedded store with one, or both. */
  stores: ('postgres' | 'pglite')[];
  /** Share of the operations run on PostgreSQL when both run. */
  postgresShare: number;
  /** Chance of a random fault on every sandbox provider request and callback. */
  faultRate: number;
  /** Seed of every random choice the clients make (the run is then repeatable up to timing). */
  seed: number;
  /** Hard limit of the whole run, verification included. */
  minutes: number;
  /** PostgreSQL to create the run's databases on. */
  databaseUrl: string | undefined;
  /** Print every violation and a line per phase. */
  verbose: boolean;
};

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      ops: { type: 'string', default: '20000' },
      players: { type: 'string', default: '24' },
      store: { type: 'string', default: 'both' },
      'postgres-share': { type: 'string', default: '0.75' },
      'fault-rate': { type: 'string', default: '0.05' },
      seed: { type: 'string', default: '20261122' },
      minutes: { type: 'string', default: '9' },
      'database-url': { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const number = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isFinite(value) || value < min || value > max) {
      throw new Error(`--${name} must be a number from ${min} to ${max}, not ${text}`);
    }
    return value;
  };
  const store = values.store;
  if (store !== 'both' && store !== 'postgres' && store !== 'pglite') {
    throw new Error(`--store must be both, postgres or pglite, not ${store}`);
  }
  const databaseUrl = values['database-url'] ?? env.RELIABILITY_DATABASE_URL ?? env.TEST_DATABASE_URL;
  const wanted: Options['stores'] = store === 'both' ? ['postgres', 'pglite'] : [store];
  return {
    ops: Math.floor(number('ops', values.ops, 100, 100_000_000)),
    players: Math.floor(number('players', values.players, 2, 1000)),
    stores: databaseUrl ? wanted : wanted.filter((name) => name !== 'postgres'),
    postgresShare: number('postgres-share', values['postgres-share'], 0, 1),
    faultRate: number('fault-rate', values['fault-rate'], 0, 0.5),
    seed: Math.floor(number('seed', values.seed, 0, 2 ** 31)),
    minutes: number('minutes', values.minutes, 1, 24 * 60),
    databaseUrl,
    verbose: values.verbose,
  };
}
