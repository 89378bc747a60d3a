import autocannon from 'autocannon';
import { cpuMeter, sampleResidentMemory } from './processes.ts';

/** One measured HTTP run: requests per second, latency percentiles (ms), and the answers that were not what was asked. */
export type LoadFigures = {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  connections: number;
  seconds: number;
  /** CPU milliseconds per request: the server process, the local PostgreSQL processes, the load generator. */
  cpuMs: { server: number; database: number; loadGenerator: number };
  /** The server's highest resident memory during the run (MiB, sampled every 100 ms), when its pid was given. */
  serverRssMiB?: number;
};

/**
 * What a connection sends next, built per request (tokens, Idempotency-Keys,
 * signatures change every time). `sequence` is shared by the steps of one
 * pass through the steps (a bet and its win), and fresh for the next pass.
 */
export type NextRequest = (sequence: Record<string, unknown>) => {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON text, or with `contentType` another body (a multipart form). */
  body?: string | Buffer;
  contentType?: string;
};

/**
 * Drives `next` from `connections` keep-alive connections for `seconds`
 * (autocannon, one request in flight per connection). An answer is an error
 * when it is not 2xx, when the connection failed or timed out, or when
 * `refused` says its body refuses the request (a 200 with `ok: false`).
 */
export async function load(
  url: string,
  options: {
    connections: number;
    seconds: number;
    /** A fixed number of requests instead of a duration. */
    amount?: number;
    /** The requests each connection sends in turn, over and over. */
    steps: NextRequest[];
    /** Called when a connection's pass through the steps is answered. */
    onPass?: (sequence: Record<string, unknown>) => void;
    refused?: (body: string) => boolean;
    /** The process whose CPU is measured as the server's. */
    serverPid?: number;
  },
): Promise<LoadFigures> {
  const cpu = cpuMeter(options.serverPid);
  const stopSampling = options.serverPid === undefined ? undefined : sampleResidentMemory(options.serverPid);
  let refusals = 0;
  let firstError: string | undefined;
  const result = await autocannon({
    url,
    connections: options.connections,
    ...(options.amount === undefined ? { duration: options.seconds } : { amount: options.amount }),
    pipelining: 1,
    timeout: 10,
    requests: options.steps.map((step, index) => ({
      setupRequest: (_request: unknown, context: object) => {
        const next = step(context as Record<string, unknown>);
        const headers: Record<string, string> = { ...next.headers };
        if (next.body !== undefined) headers['content-type'] = next.contentType ?? 'application/json';
        return {
          method: next.method,
          path: next.path,
          headers,
          ...(next.body === undefined ? {} : { body: next.body }),
        };
      },
      onResponse: (status: number, body: string, context: object) => {
        const refused = options.refused?.(body) === true;
        if (refused) refusals += 1;
        if ((refused || status < 200 || status > 299) && firstError === undefined) firstError = `${status} ${body}`;
        if (index === options.steps.length - 1) options.onPass?.(context as Record<string, unknown>);
      },
    })),
  });
  const peakRssKb = stopSampling?.();
  const used = cpu();
  const seconds = result.duration;
  const perRequest = (cpuSeconds: number) =>
    result.requests.total > 0 ? Math.round((cpuSeconds / result.requests.total) * 1e5) / 100 : 0;
  if (firstError !== undefined) console.warn(`  first error answer: ${firstError.slice(0, 300)}`);
  return {
    requests: result.requests.total,
    perSecond: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts + refusals,
    connections: options.connections,
    seconds: Math.round(seconds * 10) / 10,
    cpuMs: {
      server: perRequest(used.server),
      database: perRequest(used.database),
      loadGenerator: perRequest(used.loadGenerator),
    },
    ...(peakRssKb === undefined ? {} : { serverRssMiB: Math.round(peakRssKb / 1024) }),
  };
}
