import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

/**
 * `npm start`: the API server and, beside it, the sandbox game provider on
 * the next port, sharing one provider secret (PROVIDER_SECRET, or one kept in
 * the server's DATA_DIR) and one data directory. Each prints with a prefix;
 * a signal stops both; if one stops, the other is stopped too. Either can
 * also be started alone (npm run start -w @app/server, -w @app/sandbox-provider).
 */
const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps', 'server');
const sandboxDir = path.join(root, 'apps', 'sandbox-provider');
const STOP_GRACE_MS = 12_000;

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** The server resolves DATA_DIR from its own folder; so does this launcher, so both name the same place. */
const dataDir = path.resolve(serverDir, env('DATA_DIR') ?? './data');
const port = Number(env('PORT') ?? 3000);
const sandboxPort = Number(env('SANDBOX_PORT') ?? port + 1);

function providerSecret(): string {
  const given = env('PROVIDER_SECRET');
  if (given) return given;
  const file = path.join(dataDir, 'provider-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function start(name: string, cwd: string, extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd,
    env: { ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${line}`));
  }
  return child;
}

const secret = providerSecret();
const children = [
  start('sandbox', sandboxDir, {
    PROVIDER_SECRET: secret,
    SANDBOX_PORT: String(sandboxPort),
    SERVER_URL: env('SERVER_URL') ?? `http://127.0.0.1:${port}`,
    SANDBOX_PUBLIC_URL: env('SANDBOX_PUBLIC_URL') ?? `http://localhost:${sandboxPort}`,
    SANDBOX_DATA_DIR: env('SANDBOX_DATA_DIR') ?? path.join(dataDir, 'sandbox-provider'),
  }),
  start('server', serverDir, {
    PROVIDER_SECRET: secret,
    DATA_DIR: dataDir,
    UFA_PROVIDER_URL: env('UFA_PROVIDER_URL') ?? `http://127.0.0.1:${sandboxPort}`,
    WC_PROVIDER_URL: env('WC_PROVIDER_URL') ?? `http://127.0.0.1:${sandboxPort}`,
  }),
];

let stopping = false;
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), STOP_GRACE_MS).unref();
}

for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) console.log(`a process stopped (exit ${code ?? 'by signal'}); stopping the other`);
    stopAll(code ?? 1);
    if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(code ?? 0);
  });
}
process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
