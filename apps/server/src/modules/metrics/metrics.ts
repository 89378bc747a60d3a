import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db, PoolFigures } from '../../db/database.ts';
import { passwordWork } from '../auth/password.ts';
import {
  journalsMovedSince,
  lastLedgerCheck,
  oldestDueTransfer,
  readQueues,
  topJournalId,
} from './metrics.repository.ts';

/**
 * The Prometheus metrics of one instance. HTTP figures, provider
 * calls, query latency and errors by code are counted as they happen; queue
 * sizes and ages, the reconciler's lag, the last ledger check and the money
 * moved are read from the database when Prometheus scrapes, so they are the
 * database's truth and the same in every instance (aggregate them with max,
 * not sum). Label values are bounded: route patterns, not URLs; error codes
 * from the closed list; journal kinds.
 */
export type Metrics = {
  /** This app's series. */
  registry: Registry;
  /** Everything a scrape shows: this app's series and the process's (memory, CPU, event loop, GC). */
  scrape: () => Promise<{ contentType: string; text: string }>;
  /** One answered request: its route pattern, method, status and seconds. */
  observeRequest: (labels: { method: string; route: string; status: number }, seconds: number) => void;
  /** An error answer's code (ALREADY_DECIDED, IDEMPOTENCY_KEY_REUSED, TOO_MANY_ATTEMPTS, ...). */
  countError: (code: string) => void;
  countReplay: () => void;
  observeProviderCall: (labels: { provider: string; call: string; outcome: 'ok' | 'error' }, seconds: number) => void;
  observeQuery: (durationMs: number, failed: boolean) => void;
};

const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Seconds since a time, or 0 when there is none (an empty queue has no age). */
const ageSeconds = (at: Date | string | null | undefined) =>
  at ? Math.max(0, (Date.now() - new Date(at).getTime()) / 1000) : 0;

/**
 * A read shared by every series of one scrape (prom-client collects them all
 * at once): the first caller starts it, the others wait for the same answer,
 * and the next scrape reads again.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let current: Promise<T> | null = null;
  return () => {
    current ??= read().finally(() => {
      setTimeout(() => {
        current = null;
      }, 0);
    });
    return current;
  };
}

/**
 * The process's own series (memory, CPU, event-loop lag, GC), created once
 * per process, when first scraped: each collector keeps an event-loop
 * monitor and a GC observer running, which one process needs once, not once
 * per app (tests build hundreds).
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 20 });
  }
  return processRegistry;
}

export function createMetrics(options: { db: Db; pool?: PoolFigures | undefined }): Metrics {
  const { db, pool } = options;
  const registry = new Registry();

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Answered HTTP requests by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'http_errors_total',
    help: 'Error answers by error code (idempotency conflicts, throttle refusals, decisions already taken, ...)',
    labelNames: ['code'] as const,
    registers: [registry],
  });
  const replays = new Counter({
    name: 'idempotent_replays_total',
    help: 'Money-moving requests answered from the stored first answer (a retry with the same Idempotency-Key)',
    registers: [registry],
  });
  const providerCalls = new Histogram({
    name: 'provider_call_duration_seconds',
    help: 'Calls to a game provider by provider, call and outcome (error: refused, timed out or unreachable)',
    labelNames: ['provider', 'call', 'outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database query time, by outcome',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'Connection pool: connections open, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Gauge({
    name: 'password_hashes',
    help: 'Password hashes and verifications (argon2id) running, and those waiting their turn (logins, registrations)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const work = passwordWork();
      this.set({ state: 'running' }, work.running);
      this.set({ state: 'waiting' }, work.waiting);
    },
  });

  // A scrape collects every series at once: the series that come from one read share it.
  const queues = oncePerScrape(() => readQueues(db));
  new Gauge({
    name: 'queue_size',
    help: 'Items waiting in each operator queue, and provider transfers whose outcome is unknown',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const row of await queues()) this.set({ queue: row.queue }, Number(row.size));
    },
  });
  new Gauge({
    name: 'queue_oldest_age_seconds',
    help: 'Age of the oldest item in each queue (0 when empty)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      for (const row of await queues()) this.set({ queue: row.queue }, ageSeconds(row.oldest));
    },
  });
  new Gauge({
    name: 'reconciler_lag_seconds',
    help: 'How long the oldest provider transfer due for a status question has been waiting for one (0: none due)',
    registers: [registry],
    async collect() {
      this.set(ageSeconds(await oldestDueTransfer(db)));
    },
  });
  new Gauge({
    name: 'ledger_check_ok',
    help: 'The last ledger check: 1 passed, 0 found problems (-1: never run)',
    registers: [registry],
    async collect() {
      const row = await lastLedgerCheck(db);
      this.set(row === undefined ? -1 : row.ok ? 1 : 0);
    },
  });

  // Journals are read past a watermark, settled for a few seconds so that one committed late
  // behind a higher id is not skipped; the first scrape starts from the instance's start. The
  // read is shared by the three series' collects, so one scrape prints what it read.
  let watermark: number | null = null;
  const moneyRead = oncePerScrape(() => readMoneyMoved());
  async function readMoneyMoved() {
    if (watermark === null) {
      watermark = await topJournalId(db);
      return;
    }
    for (const row of await journalsMovedSince(db, watermark)) {
      moved.inc({ kind: row.kind, currency: row.currency });
      movedAmount.inc({ kind: row.kind, currency: row.currency }, Number(row.amount ?? 0));
      watermark = Math.max(watermark, Number(row.id));
    }
  }
  const moved: Counter<'kind' | 'currency'> = new Counter({
    name: 'money_movements_total',
    help: 'Journals posted by kind and currency (read from the ledger: the same in every instance)',
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    async collect() {
      await moneyRead();
    },
  });
  const movedAmount = new Counter({
    name: 'money_moved_minor_total',
    help: 'Amount moved by journal kind, in satang (THB) or points (PTS): the sum of its positive postings',
    labelNames: ['kind', 'currency'] as const,
    registers: [registry],
    async collect() {
      await moneyRead();
    },
  });
  new Gauge({
    name: 'money_ledger_watermark',
    help: 'The last journal id the money counters have read',
    registers: [registry],
    async collect() {
      await moneyRead();
      this.set(watermark ?? 0);
    },
  });

  return {
    registry,
    scrape: async () => {
      const merged = Registry.merge([registry, processMetrics()]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
    observeRequest: (labels, seconds) => {
      const named = { method: labels.method, route: labels.route, status: String(labels.status) };
      requests.inc(named);
      durations.observe(named, seconds);
    },
    countError: (code) => errors.inc({ code }),
    countReplay: () => replays.inc(),
    observeProviderCall: (labels, seconds) => providerCalls.observe(labels, seconds),
    observeQuery: (durationMs, failed) => queries.observe({ outcome: failed ? 'error' : 'ok' }, durationMs / 1000),
  };
}

/**
 * A provider adapter whose every call is timed into the metrics, by provider
 * and call; a call that throws, or answers that its outcome is unknown, is an
 * error. The adapter's behaviour is unchanged.
 */
export function instrumentAdapter<T extends object>(adapter: T, provider: string, metrics: Metrics): T {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        const observe = (outcome: 'ok' | 'error') =>
          metrics.observeProviderCall({ provider, call: property, outcome }, (performance.now() - started) / 1000);
        try {
          const result = await value.apply(target, args);
          const unknown =
            typeof result === 'object' && result !== null && (result as { kind?: unknown }).kind === 'unknown';
          observe(unknown ? 'error' : 'ok');
          return result;
        } catch (error) {
          observe('error');
          throw error;
        }
      };
    },
  });
}
