import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

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

/** A child process of the bench: its memory is read from /proc, its output kept for a report on failure. */
export class BenchProcess {
  readonly child: ChildProcess;
  private readonly lines: string[] = [];
  private peakRssKb = 0;
  private sampler: NodeJS.Timeout | undefined;

  constructor(
    readonly name: string,
    args: string[],
    cwd: string,
    env: Record<string, string>,
  ) {
    this.child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream }).on('line', (line) => {
        this.lines.push(line);
        if (this.lines.length > 60) this.lines.shift();
      });
    }
  }

  private status(field: 'VmRSS' | 'VmHWM'): number {
    if (this.child.exitCode !== null || this.child.signalCode !== null) {
      throw new Error(`${this.name} stopped (${this.child.exitCode ?? this.child.signalCode}):\n${this.tail()}`);
    }
    const text = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
    return match ? Number(match[1]) : 0;
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
    this.peakRssKb = 0;
    this.sampler = setInterval(() => {
      // A process that stopped is reported by the next run's requests and by stopSampling.
      if (this.child.exitCode === null) this.peakRssKb = Math.max(this.peakRssKb, this.status('VmRSS'));
    }, 100);
  }

  stopSampling(): number {
    clearInterval(this.sampler);
    this.status('VmRSS'); // throws, with the process's last lines, when it stopped during the runs
    return this.peakRssKb / 1024;
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

  tail(): string {
    return this.lines.join('\n');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
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
  return new BenchProcess('server', programArgs(serverDir, mode), serverDir, {
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
    SEED_DEMO: 'false',
    REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '0',
  });
}
