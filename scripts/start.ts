import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { defaultHost, isDemoMode } from '../apps/server/src/env.ts';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../apps/server/src/server-process.ts';

/**
 * `npm start`: the API server and, beside it, the sandbox game provider on
 * the next port, sharing one provider secret (PROVIDER_SECRET, or one kept in
 * the server's DATA_DIR), one data directory and one address to listen on
 * (HOST; in demo mode 127.0.0.1 unless told). Their JSON log lines are printed
 * as readable lines with a prefix; once the server answers, one line says
 * where to open it. A signal stops both; if one stops, the other is stopped
 * too. Either can also be started alone (npm run start -w @app/server,
 * -w @app/sandbox-provider).
 */
const root = path.resolve(import.meta.dirname, '..');
const serverDir = path.join(root, 'apps', 'server');
const sandboxDir = path.join(root, 'apps', 'sandbox-provider');
const STOP_GRACE_MS = 12_000;
const READY_WITHIN_MS = 120_000;

const env = (name: string): string | undefined => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
};

/** The server resolves DATA_DIR from its own folder; so does this launcher, so both name the same place. */
const dataDir = path.resolve(serverDir, env('DATA_DIR') ?? './data');
const port = Number(env('PORT') ?? 3000);
const sandboxPort = Number(env('SANDBOX_PORT') ?? port + 1);
const demo = isDemoMode({ SEED_DEMO: env('SEED_DEMO'), DATABASE_URL: env('DATABASE_URL') });
const host = env('HOST') ?? defaultHost(demo);
/** How the two processes reach each other: the address they listen on, or this machine when that is every address. */
const local = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

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

/** Whether something already listens on a port of this address (another npm start, most likely). */
function portTaken(portToTry: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE'));
    probe.listen(portToTry, host, () => probe.close(() => resolve(false)));
  });
}

const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const QUIET_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);

/** A pino JSON line as a person reads it: time, level, message and the other fields; any other line as it is. */
function readable(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.msg !== 'string') return line;
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = LEVELS[Number(entry.level)] ?? 'info';
  const fields = Object.entries(entry)
    .filter(([key]) => !QUIET_FIELDS.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, level.padEnd(5), entry.msg, ...fields].filter(Boolean).join(' ');
}

function start(name: string, cwd: string, extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
    cwd,
    env: { ...serverProcessEnv(), ...process.env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', (line) => console.log(`[${name}] ${readable(line)}`));
  }
  return child;
}

/** Says where to open the product once the server answers /health. */
async function announceWhenReady(): Promise<void> {
  const shown = host === '0.0.0.0' || host === '127.0.0.1' || host === '::' ? 'localhost' : host;
  const base = `http://${shown}:${port}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`http://${local}:${port}/health`)).ok) {
        const reach =
          host === '127.0.0.1' ? 'this machine only; HOST=0.0.0.0 npm start opens it to the network' : `on ${host}`;
        console.log(`\nSIAM PLAY is running: open ${base} (back office ${base}/backoffice/), ${reach}.\n`);
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let stopping = false;
let children: ChildProcess[] = [];
function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), STOP_GRACE_MS).unref();
}

async function main(): Promise<void> {
  for (const [name, taken] of [
    ['PORT', port],
    ['SANDBOX_PORT', sandboxPort],
  ] as const) {
    if (await portTaken(taken)) {
      console.error(
        `Port ${taken} (${name}) on ${host} is already in use: is SIAM PLAY already running? ` +
          `Stop it, or start on other ports: PORT=${port + 10} npm start (the sandbox provider takes PORT + 1).`,
      );
      process.exit(1);
    }
  }
  const secret = providerSecret();
  children = [
    start('sandbox', sandboxDir, {
      PROVIDER_SECRET: secret,
      SANDBOX_PORT: String(sandboxPort),
      SANDBOX_HOST: env('SANDBOX_HOST') ?? host,
      SERVER_URL: env('SERVER_URL') ?? `http://${local}:${port}`,
      SANDBOX_PUBLIC_URL: env('SANDBOX_PUBLIC_URL') ?? `http://localhost:${sandboxPort}`,
      SANDBOX_DATA_DIR: env('SANDBOX_DATA_DIR') ?? path.join(dataDir, 'sandbox-provider'),
    }),
    start('server', serverDir, {
      PROVIDER_SECRET: secret,
      DATA_DIR: dataDir,
      HOST: host,
      UFA_PROVIDER_URL: env('UFA_PROVIDER_URL') ?? `http://${local}:${sandboxPort}`,
      WC_PROVIDER_URL: env('WC_PROVIDER_URL') ?? `http://${local}:${sandboxPort}`,
    }),
  ];
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) console.log(`a process stopped (exit ${code ?? 'by signal'}); stopping the other`);
      stopAll(code ?? 1);
      if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) process.exit(code ?? 0);
    });
  }
  process.once('SIGINT', () => stopAll(0));
  process.once('SIGTERM', () => stopAll(0));
  await announceWhenReady();
}

void main();
