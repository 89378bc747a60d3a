import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../src/server-process.ts';
import { buildPrograms } from '../test/support/build-programs.ts';

const serverDir = path.resolve(import.meta.dirname, '..');
const sandboxDir = path.resolve(serverDir, '..', 'sandbox-provider');

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The secrets every process of a run shares (the service key acts as the operator "service"). */
export type Secrets = { token: string; webhook: string; provider: string; adminKey: string };

export function newSecrets(): Secrets {
  const secret = () => randomBytes(32).toString('hex');
  return { token: secret(), webhook: secret(), provider: secret(), adminKey: secret() };
}

/** A program as npm start runs it: compiled (dist/main.js in its folder), with these Node flags. */
type ProcessSpec = { name: string; cwd: string; env: Record<string, string>; url: string; nodeArgs: readonly string[] };

/**
 * One server (or sandbox) process that can be killed and started again with
 * the same settings. Its output goes to the console only when it fails, so a
 * run's log stays readable.
 */
export class ManagedProcess {
  private child: ChildProcess | undefined;
  private lastLines: string[] = [];

  constructor(private readonly spec: ProcessSpec) {}

  get name(): string {
    return this.spec.name;
  }

  get url(): string {
    return this.spec.url;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(timeoutMs = 120_000): Promise<void> {
    const child = spawn(process.execPath, [...this.spec.nodeArgs, 'dist/main.js'], {
      cwd: this.spec.cwd,
      env: { ...process.env, ...this.spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        this.lastLines.push(line);
        if (this.lastLines.length > 40) this.lastLines.shift();
      });
    }
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`${this.name} stopped while starting:\n${this.lastLines.join('\n')}`);
      try {
        if ((await fetch(`${this.url}/health`, { signal: AbortSignal.timeout(1000) })).ok) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${this.name} did not answer /health within ${timeoutMs} ms:\n${this.lastLines.join('\n')}`);
  }

  /** SIGKILL: the process dies at once, mid-request, with nothing flushed or closed. */
  kill(): void {
    this.child?.kill('SIGKILL');
  }

  /** SIGTERM, then wait for the exit (a clean shutdown: the embedded store is released). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (this.running) child.kill('SIGKILL');
  }

  /** The last lines the process printed (for a report when something went wrong). */
  tail(): string {
    return this.lastLines.join('\n');
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The settings every server process of a run gets: short provider timeouts, a fast reconciler. */
function serverEnv(secrets: Secrets, port: number, sandboxUrl: string, store: Record<string, string>) {
  return {
    ...store,
    PORT: String(port),
    HOST: '127.0.0.1',
    TOKEN_SECRET: secrets.token,
    ADMIN_API_KEY: secrets.adminKey,
    BANK_WEBHOOK_SECRET: secrets.webhook,
    PROVIDER_SECRET: secrets.provider,
    UFA_PROVIDER_URL: sandboxUrl,
    WC_PROVIDER_URL: sandboxUrl,
    PROVIDER_TIMEOUT_MS: '1200',
    PROVIDER_BALANCE_TIMEOUT_MS: '500',
    RECONCILE_INTERVAL_MS: '500',
    RECONCILE_MIN_AGE_MS: '1000',
    // Payouts through the sandbox bank, with its random faults: a short timeout, a fast worker.
    PAYOUT_BANK_URL: sandboxUrl,
    PAYOUT_TIMEOUT_MS: '1200',
    PAYOUT_INTERVAL_MS: '500',
    REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '0',
    SEED_DEMO: 'false',
    // The bank test runs the sandbox provider on purpose, outside demo mode.
    ALLOW_SANDBOX_PROVIDER: 'true',
    DB_POOL_SIZE: '8',
    LOG_LEVEL: 'warn',
  };
}

export type Cluster = {
  servers: ManagedProcess[];
  sandbox: ManagedProcess;
  secrets: Secrets;
  /** How to open the run's database for the final checks (once the servers are stopped, for the embedded store). */
  store: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  /** A load balancer in front of the servers: when set, every client request goes through it. */
  front?: string;
  stop: () => Promise<void>;
};

/**
 * The system under test: `serverCount` server processes on one store, and the
 * sandbox provider with random faults, its callbacks going to the first server.
 */
export async function startCluster(options: {
  store: Cluster['store'];
  serverCount: number;
  faultRate: number;
  /** Where the sandbox sends its callbacks (a load balancer); the first server when not set. */
  callbackUrl?: string;
}): Promise<Cluster> {
  // Compiled, as npm start runs them: the processes killed and started again are the ones a site runs.
  buildPrograms();
  const secrets = newSecrets();
  const sandboxPort = await freePort();
  const serverPorts = await Promise.all(Array.from({ length: options.serverCount }, () => freePort()));
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const storeEnv: Record<string, string> =
    options.store.kind === 'postgres' ? { DATABASE_URL: options.store.url } : { DATA_DIR: options.store.dataDir };
  const sandbox = new ManagedProcess({
    name: 'sandbox',
    cwd: sandboxDir,
    url: sandboxUrl,
    nodeArgs: [],
    env: {
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: '127.0.0.1',
      PROVIDER_SECRET: secrets.provider,
      SERVER_URL: options.callbackUrl ?? `http://127.0.0.1:${serverPorts[0]}`,
      SANDBOX_PUBLIC_URL: sandboxUrl,
      SANDBOX_DATA_DIR: mkdtempSync(path.join(tmpdir(), 'reliability-sandbox-')),
      SANDBOX_FAULT_RATE: String(options.faultRate),
      SANDBOX_TIMEOUT_HOLD_MS: '1500',
      SANDBOX_CALLBACK_TIMEOUT_MS: '1500',
      SANDBOX_CALLBACK_RETRY_MS: '100',
      LOG_LEVEL: 'error',
    },
  });
  const servers = serverPorts.map(
    (port, index) =>
      new ManagedProcess({
        name: `server-${index + 1}`,
        cwd: serverDir,
        url: `http://127.0.0.1:${port}`,
        // With npm start's memory settings (src/server-process.ts).
        nodeArgs: SERVER_NODE_FLAGS,
        env: { ...serverProcessEnv(), ...serverEnv(secrets, port, sandboxUrl, storeEnv) },
      }),
  );
  await sandbox.start();
  // One after the other: the first applies the migrations, the others find them applied.
  for (const server of servers) await server.start();
  return {
    servers,
    sandbox,
    secrets,
    store: options.store,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()));
      await sandbox.stop();
    },
  };
}

/** A database of its own for one run, on the PostgreSQL the flags name; dropped when the run is over. */
export async function createRunDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `reliability_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export function newDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'reliability-pglite-'));
}
