import { randomUUID } from 'node:crypto';
import { PROVIDER_HEADERS } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import { type Cluster, sleep } from './cluster.ts';
import type { Random } from './rng.ts';

/** An answer from a server, or `undefined` when none came (connection refused or dropped, timeout). */
export type Answer = { status: number; body: unknown } | undefined;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  /** JSON (an object) or a ready body (FormData, a signed raw string). */
  body?: unknown;
  raw?: string;
  /** How long to keep trying other servers (or the same one after a restart) when no answer comes. */
  retryForMs?: number;
  /** Whether the request is one of the run's operations (set-up and polling are not). */
  counted?: boolean;
};

const REQUEST_TIMEOUT_MS = 15_000;

/**
 * How the simulated clients reach the servers: like a load balancer, each
 * request goes to a server chosen at random, and a request that gets no
 * answer is sent again (same body, same Idempotency-Key) to another server,
 * or to the same one once it is back. Every request counts as an operation.
 */
export class Clients {
  operations = 0;
  /** Requests that got no answer at all (the first try of an operation a kill interrupted, a timeout). */
  unanswered = 0;
  /** Answers that said "not now, try again" (the database failing over, a balancer with no instance up), then retried. */
  retriedUnavailable = 0;
  /** When each successful write (a POST answered 2xx) was sent (this try) and answered: the failover's "writes back" figure. */
  readonly writes: { sentAt: number; answeredAt: number }[] = [];

  constructor(
    readonly cluster: Cluster,
    private readonly random: Random,
  ) {}

  async request(path: string, options: RequestOptions = {}): Promise<Answer> {
    const deadline = Date.now() + (options.retryForMs ?? 60_000);
    const servers = this.cluster.servers;
    let server = this.random.pick(servers);
    for (let attempt = 0; ; attempt += 1) {
      if (options.counted !== false) this.operations += 1;
      const sentAt = Date.now();
      const answer = await send(`${this.cluster.front ?? server.url}${path}`, options);
      if (answer && !unavailable(answer)) {
        if (
          answer.status < 300 &&
          options.method !== 'GET' &&
          (options.body !== undefined || options.raw !== undefined)
        ) {
          this.writes.push({ sentAt, answeredAt: Date.now() });
        }
        return answer;
      }
      if (answer) this.retriedUnavailable += 1;
      else this.unanswered += 1;
      if (Date.now() > deadline) return answer;
      // Another server if there is one up, else wait for this one to come back.
      const others = servers.filter((candidate) => candidate !== server && candidate.running);
      server = others.length > 0 ? this.random.pick(others) : server;
      await sleep(Math.min(2_000, 100 * 2 ** Math.min(attempt, 5)));
    }
  }

  /** A player's call with their token. */
  player(token: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request(path, { ...options, headers: { Authorization: `Bearer ${token}`, ...options.headers } });
  }

  /** An operator's call, with the service key (audited as the operator "service"). */
  operator(path: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request(path, {
      ...options,
      headers: { 'x-admin-key': this.cluster.secrets.adminKey, ...options.headers },
    });
  }

  /** A bank-feed delivery, signed as the bank-statement connector signs it. */
  bankFeed(path: string, transfer: Record<string, unknown>, counted = true): Promise<Answer> {
    const raw = JSON.stringify(transfer);
    const signed = signedHeaders(this.cluster.secrets.webhook, raw);
    return this.request(path, {
      method: 'POST',
      raw,
      counted,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': signed.timestamp,
        'x-webhook-signature': signed.signature,
      },
    });
  }

  /** A control request to the sandbox provider (a WC round, its books), signed with the provider secret. */
  async sandbox(path: string, body: unknown, counted = true): Promise<Answer> {
    const raw = JSON.stringify(body);
    const signed = signedHeaders(this.cluster.secrets.provider, raw);
    if (counted) this.operations += 1;
    return send(`${this.cluster.sandbox.url}${path}`, {
      method: 'POST',
      raw,
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: signed.timestamp,
        [PROVIDER_HEADERS.signature]: signed.signature,
      },
    });
  }
}

/**
 * An answer that means "nothing was done, try again": the server's 503 while
 * its database is unreachable, or the balancer's own 502/503/504 page (not
 * JSON) while no instance can take the request. A player's app retries these
 * with the same Idempotency-Key, and so do the simulated clients.
 */
function unavailable(answer: NonNullable<Answer>): boolean {
  if (answer.status === 503 && field(answer, 'data', 'errorCode') === 'SERVICE_UNAVAILABLE') return true;
  return [502, 503, 504].includes(answer.status) && (typeof answer.body !== 'object' || answer.body === null);
}

async function send(url: string, options: RequestOptions): Promise<Answer> {
  const method = options.method ?? (options.body === undefined && options.raw === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...options.headers };
  let body: string | FormData | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  try {
    const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text, which a check will report
    }
    return { status: response.status, body: parsed };
  } catch {
    return undefined;
  }
}

/** A key no other request uses, in the form the server accepts. */
export function newKey(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

/** The value at a path of an answer's JSON body, if it is there. */
export function field(answer: Answer, ...path: string[]): unknown {
  let value: unknown = answer?.body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
