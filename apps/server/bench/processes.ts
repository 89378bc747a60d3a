import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../src/server-process.ts';

export const serverDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(serverDir, '..', '..');
const sandboxDir = path.join(repoRoot, 'apps', 'sandbox-provider');

/** How a program is run: its compiled bundle (as `npm start` runs it) or, with --from-source, its TypeScript through tsx. */
export type RunMode = 'compiled' | 'source';

function programArgs(dir: string, mode: RunMode): string[] {
  if (mode === 'source') return ['--import', 'tsx', 'src/main.ts'];
  const bundle = path.join(dir, 'dist', 'main.js');
  if (!existsSync(bundle))
    throw new Error(`${bundle} is missing: run \`node scripts/build-server.mjs\` (npm ci does).`);
  return ['dist/main.js'];
}

/** A field of a process's /proc status in kB (VmRSS: resident now, VmHWM: the highest it ever was); 0 once it has gone. */
export function procStatusKb(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every 100 ms; the function returned stops and gives the highest sample (kB). */
export function sampleResidentMemory(pid: number | undefined): () => number {
  let peakKb = 0;
  const sampler = setInterval(() => {
    peakKb = Math.max(peakKb, procStatusKb(pid, 'VmRSS'));
  }, 100);
  return () => {
    clearInterval(sampler);
    return peakKb;
  };
}

/**
 * A child process of the bench: its memory is read from /proc; its output goes
 * to a log file (as a service's would), never through a pipe that the busy
 * load generator would drain late and so slow the server's writes down.
 */
export class BenchProcess {
  readonly child: ChildProcess;
  private readonly logFile: string;
  private stopSampler: (() => number) | undefined;

  constructor(
    readonly name: string,
    args: string[],
    cwd: string,
    env: Record<string, string>,
  ) {
    this.logFile = path.join(mkdtempSync(path.join(os.tmpdir(), `siam-play-bench-${name}-`)), 'output.log');
    const log = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', log, log] });
    closeSync(log);
  }

  private status(field: 'VmRSS' | 'VmHWM'): number {
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      throw new Error(`${this.name} stopped (${this.child.exitCode ?? this.child.signalCode}):\n${this.tail()}`);
    }
    return procStatusKb(this.child.pid, field);
  }

  /** Resident memory now, in MiB. */
  rssMiB(): number {
    return this.status('VmRSS') / 1024;
  }

  /** The highest resident memory the process ever had (the kernel's high-water mark), in MiB. */
  peakMiB(): number {
    return this.status('VmHWM') / 1024;
  }

  /** Samples resident memory every 100 ms until `stopSampling`, which returns the highest sample (MiB). */
  startSampling(): void {
    // A process that stopped is reported by the next run's requests and by stopSampling.
    this.stopSampler = sampleResidentMemory(this.child.pid);
  }

  stopSampling(): number {
    const peakKb = this.stopSampler?.() ?? 0;
    this.status('VmRSS'); // throws, with the process's last lines, when it stopped during the runs
    return peakKb / 1024;
  }

  /** Milliseconds from now until `url` answers 200 (polled every 20 ms). */
  async untilHealthy(url: string, timeoutMs = 60_000): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < timeoutMs) {
      if (this.child.exitCode !== null) throw new Error(`${this.name} stopped while starting:\n${this.tail()}`);
      try {
        if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(20);
    }
    throw new Error(`${this.name} did not answer ${url} within ${timeoutMs} ms:\n${this.tail()}`);
  }

  /** The last lines the process printed. */
  tail(): string {
    return readFileSync(this.logFile, 'utf8').split('\n').slice(-60).join('\n');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    rmSync(path.dirname(this.logFile), { recursive: true, force: true });
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export type Secrets = { token: string; provider: string; adminKey: string; webhook: string };

/** The sandbox game provider, as `npm start` runs it beside the server. */
export function startSandbox(mode: RunMode, port: number, serverUrl: string, secrets: Secrets, dataDir: string) {
  return new BenchProcess('sandbox', programArgs(sandboxDir, mode), sandboxDir, {
    PROVIDER_SECRET: secrets.provider,
    SANDBOX_PORT: String(port),
    SERVER_URL: serverUrl,
    SANDBOX_PUBLIC_URL: `http://127.0.0.1:${port}`,
    SANDBOX_DATA_DIR: dataDir,
  });
}

/**
 * The API server with production settings (log level info, the default pool)
 * but for what the bench needs: no demo data, and no per-address limit on
 * registrations (all the bench's players register from one address).
 */
export function startServer(
  mode: RunMode,
  options: { port: number; sandboxUrl: string; secrets: Secrets; databaseUrl?: string; dataDir: string },
) {
  // Node flags for the server only, to profile it under the bench's load: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof'.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // As npm start runs it: its memory settings (src/server-process.ts) first.
  return new BenchProcess('server', [...SERVER_NODE_FLAGS, ...nodeArgs, ...programArgs(serverDir, mode)], serverDir, {
    ...serverProcessEnv(),
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    TOKEN_SECRET: options.secrets.token,
    ADMIN_API_KEY: options.secrets.adminKey,
    PROVIDER_SECRET: options.secrets.provider,
    BANK_WEBHOOK_SECRET: options.secrets.webhook,
    UFA_PROVIDER_URL: options.sandboxUrl,
    WC_PROVIDER_URL: options.sandboxUrl,
    // Payouts through the sandbox bank of the same process.
    PAYOUT_BANK_URL: options.sandboxUrl,
    SEED_DEMO: 'false',
    // The bench measures against the sandbox provider on purpose, outside demo mode.
    ALLOW_SANDBOX_PROVIDER: 'true',
    REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '0',
  });
}

const CLOCK_TICKS_PER_S = 100;

/**
 * CPU seconds (user + system) used so far by a process, from /proc; 0 when it is gone. With
 * `reapedChildren`, also what its children that have ended used (cutime, cstime).
 */
function cpuSecondsOf(pid: number, reapedChildren = false): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // After "pid (comm) ": state is field 0; utime and stime are fields 11 and 12, cutime and cstime 13 and 14.
    const own = Number(fields[11]) + Number(fields[12]);
    return (reapedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / CLOCK_TICKS_PER_S;
  } catch {
    return 0;
  }
}

/** CPU seconds used so far by every local PostgreSQL process (0 when the database runs elsewhere). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // With what ended backends used (the postmaster's reaped children): a backend or an autovacuum worker
      // that ends during a run must not take its whole past CPU out of the run's figure (it read as negative).
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuSecondsOf(Number(entry), true);
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

export type CpuSplit = { server: number; database: number; loadGenerator: number };

/** Where the CPU of a run went: the server process, the local PostgreSQL processes, the bench's own load generator. */
export function cpuMeter(serverPid: number | undefined): () => CpuSplit {
  const startServer = serverPid ? cpuSecondsOf(serverPid) : 0;
  const startDatabase = postgresCpuSeconds();
  const startSelf = process.cpuUsage();
  return () => {
    const self = process.cpuUsage(startSelf);
    return {
      server: (serverPid ? cpuSecondsOf(serverPid) : 0) - startServer,
      database: postgresCpuSeconds() - startDatabase,
      loadGenerator: (self.user + self.system) / 1e6,
    };
  };
}
