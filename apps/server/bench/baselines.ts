import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether pgbench is on this machine (Debian: postgresql-client). */
export async function havePgbench(): Promise<boolean> {
  try {
    await run('pgbench', ['--version']);
    return true;
  } catch {
    return false;
  }
}

/** Creates pgbench's tables at a scale (one branch row per unit of scale: scale ≥ clients keeps them from queueing on one row). */
export async function initPgbench(url: string, scale: number): Promise<void> {
  await run('pgbench', ['-i', '-q', '-s', String(scale), url], { maxBuffer: 16 * 1024 * 1024 });
}

export type PgbenchFigures = { tps: number; latencyMs: number; clients: number; seconds: number; script: string };

/**
 * One pgbench run: TPC-B (the default script), select-only, or a script of
 * our own (its name and text; run with prepared statements, as the server
 * sends its hot calls).
 */
export async function pgbench(
  url: string,
  options: { clients: number; seconds: number; selectOnly?: boolean; script?: { name: string; text: string } },
): Promise<PgbenchFigures> {
  const args = ['-n', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds)];
  if (options.selectOnly) args.push('-S');
  const dir = options.script ? mkdtempSync(path.join(os.tmpdir(), 'bench-pgbench-')) : undefined;
  try {
    if (options.script && dir) {
      const file = path.join(dir, 'script.sql');
      writeFileSync(file, options.script.text);
      args.push('-M', 'prepared', '-f', file);
    }
    const { stdout } = await run('pgbench', [...args, url], { maxBuffer: 16 * 1024 * 1024 });
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
    const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
    if (!tps) throw new Error(`pgbench printed no TPS:\n${stdout}`);
    return {
      tps: Math.round(Number(tps)),
      latencyMs: Number(latency ?? 0),
      clients: options.clients,
      seconds: options.seconds,
      script: options.script?.name ?? (options.selectOnly ? 'select-only' : 'TPC-B'),
    };
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
