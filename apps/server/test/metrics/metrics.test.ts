// Settled: older than the few seconds a late commit is given.
await new Promise((resolve) => setTimeout(resolve, 5_500));

import { API_PATHS } from '@app/contracts/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/http/types.ts';
import { hashesAtOnce, hashPassword } from '../../src/modules/auth/password.ts';
import { createMetrics, instrumentAdapter } from '../../src/modules/metrics/metrics.ts';
import { adjust, newPlayer, type TestContext, testApp, testConfig } from '../support/test-app.ts';

/**
 * Prometheus metrics at /metrics, behind METRICS_TOKEN. The scrape
 * is checked by series name and label set, as a dashboard and the alert rules
 * (deploy/) read them.
 */

const TOKEN = 'metrics-token-0123456789abcdefghijklmnop';
let t: TestContext;
let app: App;
beforeAll(async () => {
  t = await testApp();
  app = await buildApp({
    db: t.database.db,
    config: testConfig({ METRICS_TOKEN: TOKEN }),
    logger: false,
    database: t.database,
  });
});
afterAll(async () => {
  await app.close();
});

const scrape = async () => {
  const answer = await app.inject({
    method: 'GET',
    url: API_PATHS.metrics,
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return answer.body;
};

/** The value of one series, by its name and exact label set as Prometheus prints it. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/metrics', () => {
  it('is not public: without the token 401, with another 401; without METRICS_TOKEN set the route does not exist', async () => {
    expect((await app.inject({ method: 'GET', url: API_PATHS.metrics })).statusCode).toBe(401);
    const wrong = await app.inject({
      method: 'GET',
      url: API_PATHS.metrics,
      headers: { authorization: `Bearer ${TOKEN.replace('m', 'n')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('http_requests_total');
    expect((await t.app.inject({ method: 'GET', url: API_PATHS.metrics })).statusCode).toBe(404);
  });

  it('HTTP: requests and latency by route pattern (not URL), method and status; error answers by code', async () => {
    await app.inject({ method: 'GET', url: API_PATHS.settings });
    await app.inject({ method: 'GET', url: '/api/no-such-thing-42' });
    const player = await newPlayer(app);
    await app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.phoneNumber, password: 'wrong-password-1' },
    });
    const text = await scrape();
    expect(
      seriesValue(text, `http_requests_total{method="GET",route="${API_PATHS.settings}",status="200"}`),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain(
      `http_request_duration_seconds_bucket{le="0.5",method="GET",route="${API_PATHS.settings}",status="200"}`,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="(unmatched|\/\*)",status="404"\} \d/);
    expect(text).not.toContain('no-such-thing-42');
    expect(seriesValue(text, 'http_errors_total{code="NOT_FOUND"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(text, 'http_errors_total{code="INVALID_CREDENTIALS"}')).toBeGreaterThanOrEqual(1);
  });

  it('idempotent replays are counted', async () => {
    const player = await newPlayer(app);
    const before = seriesValue(await scrape(), 'idempotent_replays_total') ?? 0;
    for (let i = 0; i < 2; i += 1) {
      const answer = await adjust(
        app,
        player.phoneNumber,
        'credit',
        { amount: 10 },
        { 'idempotency-key': `replay-${player.phoneNumber}` },
      );
      expect(answer.statusCode).toBe(200);
    }
    expect(seriesValue(await scrape(), 'idempotent_replays_total')).toBe(before + 1);
  });

  it('queues: size and oldest age of each operator queue and of the provider transfers in doubt; the reconciler’s lag; the last ledger check', async () => {
    const text = await scrape();
    for (const queue of [
      'withdrawals_waiting',
      'deposits_to_check',
      'unmatched_transfers',
      'pending_game_transfers',
      'credit_requests_waiting',
      'redemptions_waiting',
    ]) {
      expect(seriesValue(text, `queue_size{queue="${queue}"}`), queue).toBeGreaterThanOrEqual(0);
      expect(seriesValue(text, `queue_oldest_age_seconds{queue="${queue}"}`), queue).toBeGreaterThanOrEqual(0);
    }
    expect(seriesValue(text, 'reconciler_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect([-1, 0, 1]).toContain(seriesValue(text, 'ledger_check_ok'));
  });

  it('a waiting withdrawal shows in its queue with its age', async () => {
    const player = await newPlayer(app);
    await adjust(app, player.phoneNumber, 'credit', { amount: 500 });
    const before = seriesValue(await scrape(), 'queue_size{queue="withdrawals_waiting"}') ?? 0;
    const withdrawn = await app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { authorization: `Bearer ${player.token}` },
      payload: { amount: 100 },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const after = await scrape();
    expect(seriesValue(after, 'queue_size{queue="withdrawals_waiting"}')).toBeGreaterThanOrEqual(before + 1);
    expect(seriesValue(after, 'queue_oldest_age_seconds{queue="withdrawals_waiting"}')).toBeGreaterThan(0);
  });

  it('money moved, by journal kind and currency, read from the ledger once settled (5 s)', async () => {
    await scrape(); // the first scrape sets the watermark
    const player = await newPlayer(app);
    const answer = await adjust(app, player.phoneNumber, 'credit', { amount: 123.45 });
    const journalId = Number(
      (
        await t.database.db
          .selectFrom('history')
          .select('journal_entry_id')
          .where('id', '=', answer.json().data.id)
          .executeTakeFirstOrThrow()
      ).journal_entry_id,
    );
    const before = await scrape();
    const count = seriesValue(before, 'money_movements_total{kind="MANUAL_DEPOSIT",currency="THB"}') ?? 0;
    const amount = seriesValue(before, 'money_moved_minor_total{kind="MANUAL_DEPOSIT",currency="THB"}') ?? 0;
    // Settled: older than the few seconds a late commit is given.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const after = await scrape();
    expect(seriesValue(after, 'money_movements_total{kind="MANUAL_DEPOSIT",currency="THB"}')).toBeGreaterThanOrEqual(
      count + 1,
    );
    expect(seriesValue(after, 'money_moved_minor_total{kind="MANUAL_DEPOSIT",currency="THB"}')).toBeGreaterThanOrEqual(
      amount + 12_345,
    );
    expect(seriesValue(after, 'money_ledger_watermark')).toBeGreaterThanOrEqual(journalId);
  });

  it('the database pool and query latency; process memory and event-loop lag', async () => {
    const text = await scrape();
    for (const state of ['total', 'idle', 'waiting']) {
      expect(seriesValue(text, `db_pool_connections{state="${state}"}`), state).toBeGreaterThanOrEqual(0);
    }
    expect(seriesValue(text, 'db_query_duration_seconds_count{outcome="ok"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'password_hashes{state="running"}')).toBe(0);
    expect(seriesValue(text, 'password_hashes{state="waiting"}')).toBe(0);
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });
});

describe('password hashes waiting their turn are visible', () => {
  it('a burst of hashes shows the limit running and the rest waiting, then none', async () => {
    const metrics = createMetrics({ db: t.database.db });
    const limit = hashesAtOnce();
    const burst = Promise.all(Array.from({ length: limit + 3 }, (_, index) => hashPassword(`burst ${index}`)));
    await Promise.resolve(); // p-limit starts the first ones on the next microtask
    const during = await metrics.registry.metrics();
    expect(seriesValue(during, 'password_hashes{state="running"}')).toBe(limit);
    expect(seriesValue(during, 'password_hashes{state="waiting"}')).toBe(3);
    await burst;
    const after = await metrics.registry.metrics();
    expect(seriesValue(after, 'password_hashes{state="running"}')).toBe(0);
    expect(seriesValue(after, 'password_hashes{state="waiting"}')).toBe(0);
  });
});

describe('provider calls are timed by provider, call and outcome', () => {
  it('a call that answers, one whose outcome is unknown and one that throws', async () => {
    const metrics = createMetrics({ db: t.database.db });
    const adapter = instrumentAdapter(
      {
        async balance() {
          return { ok: true };
        },
        async creditIn() {
          return { kind: 'unknown', error: 'timeout' };
        },
        async status(): Promise<string> {
          throw new Error('unreachable');
        },
      },
      'ufa',
      metrics,
    );
    expect(await adapter.balance()).toEqual({ ok: true });
    expect(await adapter.creditIn()).toEqual({ kind: 'unknown', error: 'timeout' });
    await expect(adapter.status()).rejects.toThrow('unreachable');
    const text = await metrics.registry.metrics();
    expect(seriesValue(text, 'provider_call_duration_seconds_count{provider="ufa",call="balance",outcome="ok"}')).toBe(
      1,
    );
    expect(
      seriesValue(text, 'provider_call_duration_seconds_count{provider="ufa",call="creditIn",outcome="error"}'),
    ).toBe(1);
    expect(
      seriesValue(text, 'provider_call_duration_seconds_count{provider="ufa",call="status",outcome="error"}'),
    ).toBe(1);
  });
});
