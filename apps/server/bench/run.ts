/**
 * `npm run bench`: throughput and latency of the wallet's hot paths, measured
 * in-process through the HTTP layer (app.inject), on the embedded database and,
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL.
 * Figures: money movements per second (manual deposits, each one journal +
 * history row + idempotency key), balance reads per second, login latency,
 * and the process's peak resident memory.
 */
import { performance } from 'node:perf_hooks';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { loadConfig } from '../src/env.ts';
import type { App } from '../src/http/types.ts';

const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 2000);
const READS = Number(process.env.BENCH_READS ?? 2000);
const LOGINS = 20;
const PLAYERS = 50;
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timed(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: Math.round((count / elapsedMs) * 1000),
    p50: percentile(latencies, 50).toFixed(2),
    p95: percentile(latencies, 95).toFixed(2),
  };
}

async function expectOk(app: App, options: InjectOptions) {
  const response = await app.inject(options);
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return response;
}

async function bench(label: string, database: DatabaseHandle) {
  await migrate(database.db);
  await seedReferenceData(database.db);
  const config = loadConfig({
    DATA_DIR: 'bench-unused',
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdefghij',
    ADMIN_API_KEY: ADMIN_KEY,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PROVIDER_SECRET: 'bench-provider-secret-0123456789abcdefghij',
    // The bench registers its players from one address.
    REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '0',
  });
  const app = await buildApp({ db: database.db, config, logger: false });
  const base = Date.now() % 10_000_000;
  const phones = Array.from(
    { length: PLAYERS },
    (_, i) => `08${String((base + i * 10_007) % 100_000_000).padStart(8, '0')}`,
  );
  for (const phoneNumber of phones) {
    await expectOk(app, {
      method: 'POST',
      url: '/register',
      payload: {
        agentId: 1,
        fullName: 'Bench',
        bankNumber: phoneNumber,
        bankCode: 'KBANK',
        phoneNumber,
        password: 'password123',
      },
    });
  }
  const phone = phones[0] ?? '';
  const login = await expectOk(app, {
    method: 'POST',
    url: '/login',
    payload: { username: phone, password: 'password123' },
  });
  const token = login.json().data.token as string;
  const concurrency = database.kind === 'postgres' ? CONCURRENCY : 1;

  const movements = await timed(MOVEMENTS, concurrency, async (i) => {
    await expectOk(app, {
      method: 'POST',
      url: `/admin/players/${phone}/manual-deposit`,
      headers: { 'x-admin-key': ADMIN_KEY, 'idempotency-key': `bench-${phone}-${i}` },
      payload: { amount: 1 },
    });
  });
  const spread = await timed(MOVEMENTS, concurrency, async (i) => {
    await expectOk(app, {
      method: 'POST',
      url: `/admin/players/${phones[i % PLAYERS]}/manual-deposit`,
      headers: { 'x-admin-key': ADMIN_KEY, 'idempotency-key': `bench-spread-${phone}-${i}` },
      payload: { amount: 1 },
    });
  });
  const reads = await timed(READS, concurrency, async () => {
    await expectOk(app, { method: 'GET', url: '/api/player/balance', headers: { authorization: `Bearer ${token}` } });
  });
  const logins = await timed(LOGINS, 1, async () => {
    await expectOk(app, { method: 'POST', url: '/login', payload: { username: phone, password: 'password123' } });
  });
  console.log(`\n${label} (concurrency ${concurrency})`);
  console.table({
    'money movement, one player (POST manual-deposit)': movements,
    [`money movement, ${PLAYERS} players`]: spread,
    'balance read (GET /api/player/balance)': reads,
    'login (argon2id verify)': logins,
  });
  await app.close();
  await database.close();
}

const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
await bench('PGlite (embedded, in memory)', await openPglite('memory'));
if (postgresUrl) {
  const schema = `bench_${process.pid}`;
  const setup = await openPostgres(postgresUrl, { poolSize: 1 });
  const { sql } = await import('kysely');
  await sql.raw(`create schema ${schema}`).execute(setup.db);
  try {
    await bench('PostgreSQL', await openPostgres(postgresUrl, { poolSize: CONCURRENCY + 2, searchPath: schema }));
  } finally {
    await sql.raw(`drop schema ${schema} cascade`).execute(setup.db);
    await setup.close();
  }
}
console.log(`\npeak resident memory: ${Math.round(process.resourceUsage().maxRSS / 1024)} MiB`);
