import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { totpStepOf } from '../../src/modules/operators/totp.ts';
import { runOps } from '../support/ops-cli.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'siam-play-cli-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run ops -- <args>` as an operator would (compiled, as npm run ops runs it), on an embedded database of its own. */
async function ops(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await runOps(args, {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'silent' },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * Each command starts a process that opens the embedded database (a few seconds each on two cores). Beside
 * npm test's other lane on a slower 2-core machine the create-admin test's commands took 69 s in all
 * a limit for a stuck command, not a speed target.
 */
const CLI_TEST_TIMEOUT_MS = 300_000;

describe('npm run ops (the operator CLI)', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('--help lists every command; an unknown command exits 2', async () => {
    const help = await ops(['--help']);
    expect(help.code).toBe(0);
    for (const command of [
      'create-admin',
      'approve-withdrawal',
      'reject-deposit',
      'assign-transfer',
      'credit',
      'freeze',
      'send-transfer',
      'ledger-check',
      'audit-verify',
      'backup',
      'restore',
    ]) {
      expect(help.stdout).toContain(command);
    }
    const unknown = await ops(['no-such-command']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command');
  });

  it('backup on the embedded database says how it is backed up (exit 2); restore names what it misses', async () => {
    const backup = await ops(['backup', '--file', path.join(dataDir, 'x.dump')]);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain('backup needs DATABASE_URL (PostgreSQL)');
    expect(backup.stderr).toContain('copying DATA_DIR');
    const restore = await ops(['restore', '--file', path.join(dataDir, 'x.dump')]);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain('missing --url');
  });

  it('create-admin prints a working TOTP secret once; the admin is listed; the ledger and audit chain verify', async () => {
    const created = await ops([
      'create-admin',
      '--username',
      'first-admin',
      '--name',
      'First admin',
      '--password',
      'first-admin-pass',
    ]);
    expect(created.code).toBe(0);
    const secret = /TOTP secret[^:]*: ([A-Z2-7]+)/.exec(created.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(totpStepOf(secret ?? '', (await ops(['totp', '--secret', secret ?? ''])).stdout.trim())).toBeDefined();
    expect(created.stdout).not.toContain('first-admin-pass');

    const listed = await ops(['operators']);
    expect(listed.stdout).toContain('"username":"first-admin"');
    expect(listed.stdout).toContain('"enrolled":true');
    expect(listed.stdout).not.toContain(secret ?? '');

    expect((await ops(['ledger-check'])).stdout).toContain('ledger OK');
    const audit = await ops(['audit-verify']);
    expect(audit.code).toBe(0);
    expect(audit.stdout).toContain('audit chain OK: 1 rows');
  });

  it('a money command on an unknown player fails with the reason and exit 1; a missing --reason is a usage error (exit 2)', async () => {
    const unknown = await ops(['credit', '0999999999', '10', '--reason', 'test']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('PLAYER_NOT_FOUND');
    const missing = await ops(['credit', '0999999999', '10']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--reason');
  });
});
