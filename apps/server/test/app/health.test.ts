import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS, type CommandInput } from '../../src/cli/commands.ts';
import { sealAudit } from '../../src/modules/audit/audit.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { ensureSystemOperator, SYSTEM_OPERATORS } from '../../src/modules/operators/operator.service.ts';
import { call } from '../support/admin.ts';
import { newOperator, operatorAuth, serviceKey, type TestOperator } from '../support/money.ts';
import { bearer, credit, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
let operator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
});

type Health = {
  ledger: { ranAt: string; source: string; ranBy: string; result: Record<string, unknown> } | null;
  auditChain: { ranAt: string; source: string; ranBy: string; result: Record<string, unknown> } | null;
};

async function health(): Promise<Health> {
  const response = await call(t.app, operatorAuth(operator), 'GET', ADMIN_PATHS.health);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const asOperator = (path: string) => call(t.app, operatorAuth(operator), 'GET', path);

/** Runs a CLI command in this process, on the test database, as the CLI does (the `cli` operator). */
async function runCommand(name: string): Promise<{ code: number; lines: string[] }> {
  const cli = await ensureSystemOperator(t.database.db, SYSTEM_OPERATORS.cli);
  const lines: string[] = [];
  const input: CommandInput = {
    positionals: [],
    options: {},
    config: t.config,
    print: (line) => lines.push(line),
    ctx: {
      db: t.database.db,
      house: await ensureHouseAccounts(t.database.db),
      config: t.config,
      actor: { operatorId: cli.id, name: cli.username },
    },
  };
  const command = COMMANDS[name];
  if (!command) throw new Error(`no command ${name}`);
  return { code: await command.run(input), lines };
}

/** Moves the ledger away from its postings for the length of `work`, then puts it back. */
async function withDriftedBalance(work: (accountId: number) => Promise<void>): Promise<void> {
  const player = await newPlayer(t.app);
  await credit(t.app, player.phoneNumber, 42);
  const { mainAccountId } = await readPlayerBalances(
    t.database.db,
    await playerIdOf(t.database.db, player.phoneNumber),
  );
  await sql`update ledger_accounts set balance = balance + 1 where id = ${mainAccountId}`.execute(t.database.db);
  try {
    await work(mainAccountId);
  } finally {
    await sql`update ledger_accounts set balance = balance - 1 where id = ${mainAccountId}`.execute(t.database.db);
  }
}

/** Changes one audit row's reason (as an intruder with SQL access would) for the length of `work`, then restores it. */
async function withChangedAuditRow(work: (rowId: number) => Promise<void>): Promise<void> {
  const admin = await newOperator(t, 'admin');
  const player = await newPlayer(t.app);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  await call(t.app, operatorAuth(admin), 'POST', fillPath(ADMIN_PATHS.playerFreeze, { id: playerId }), {
    reason: 'original reason',
  });
  const row = await t.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('actor', '=', admin.username)
    .executeTakeFirstOrThrow();
  // Linked into the chain first: the edit comes after the seal.
  await sealAudit(t.database.db, { wait: true });
  const setReason = (reason: string) =>
    t.database.db.transaction().execute(async (trx) => {
      await sql`alter table audit_log disable trigger audit_log_append_only`.execute(trx);
      await sql`update audit_log set reason = ${reason} where id = ${row.id}`.execute(trx);
      await sql`alter table audit_log enable trigger audit_log_append_only`.execute(trx);
    });
  await setReason('rewritten reason');
  try {
    await work(row.id);
  } finally {
    await setReason('original reason');
  }
}

describe('ledger health: the last result of each check is kept and reported (GET /admin/health)', () => {
  it('needs an operator: no token or a player token is 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.health })).statusCode).toBe(401);
    const player = await newPlayer(t.app);
    expect((await call(t.app, bearer(player.token), 'GET', ADMIN_PATHS.health)).statusCode).toBe(401);
    expect((await call(t.app, bearer(player.token), 'GET', ADMIN_PATHS.ledgerCheck)).statusCode).toBe(401);
  });

  it('a ledger check through the API is recorded: when, by which operator, ok and the counts', async () => {
    const before = Date.now();
    const check = await asOperator(ADMIN_PATHS.ledgerCheck);
    expect(check.statusCode).toBe(200);
    const { ledger } = await health();
    expect(ledger).toEqual({
      ranAt: expect.any(String),
      source: 'operator',
      ranBy: operator.username,
      result: check.json().data,
    });
    expect(ledger?.result).toMatchObject({ ok: true, problems: [] });
    expect(Date.parse(ledger?.ranAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
  });

  it('an audit chain verification through the API is recorded: who, ok, rows checked and the head hash', async () => {
    const verify = await asOperator(ADMIN_PATHS.auditVerify);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toMatchObject({ ok: true, checked: expect.any(Number), problems: [] });
    const { auditChain } = await health();
    expect(auditChain).toMatchObject({ source: 'operator', ranBy: operator.username, result: verify.json().data });
  });

  it('the service key is recorded as the operator service', async () => {
    expect((await call(t.app, serviceKey, 'GET', ADMIN_PATHS.ledgerCheck)).statusCode).toBe(200);
    expect((await health()).ledger).toMatchObject({ source: 'operator', ranBy: 'service' });
  });

  it('a ledger check that finds problems is reported with its problems; the next good run replaces it', async () => {
    await withDriftedBalance(async (accountId) => {
      const check = await asOperator(ADMIN_PATHS.ledgerCheck);
      expect(check.json().data.ok).toBe(false);
      const { ledger } = await health();
      expect(ledger?.result.ok).toBe(false);
      expect(ledger?.result.problems).toContain(
        `account ${accountId} stores balance 4201 but its postings sum to 4200`,
      );
    });
    await asOperator(ADMIN_PATHS.ledgerCheck);
    expect((await health()).ledger?.result).toMatchObject({ ok: true, problems: [] });
  });

  it('a broken audit chain is reported with the row and its problem', async () => {
    await withChangedAuditRow(async (rowId) => {
      await asOperator(ADMIN_PATHS.auditVerify);
      const { auditChain } = await health();
      expect(auditChain?.result).toMatchObject({
        ok: false,
        problems: [{ id: rowId, problem: 'content does not match its hash (the row was changed)' }],
      });
    });
    await asOperator(ADMIN_PATHS.auditVerify);
    expect((await health()).auditChain?.result).toMatchObject({ ok: true, problems: [] });
  });

  it('the CLI commands ledger-check and audit-verify are recorded as runs of the cli, problems included', async () => {
    await withDriftedBalance(async (accountId) => {
      const ledger = await runCommand('ledger-check');
      expect(ledger.code).toBe(1);
      expect((await health()).ledger).toMatchObject({
        source: 'cli',
        ranBy: 'cli',
        result: { ok: false, problems: [`account ${accountId} stores balance 4201 but its postings sum to 4200`] },
      });
    });
    const audit = await runCommand('audit-verify');
    expect(audit.code).toBe(0);
    expect((await health()).auditChain).toMatchObject({ source: 'cli', ranBy: 'cli', result: { ok: true } });
  });

  it('only the newest 100 runs of a check are kept, the one just run among them', async () => {
    const stale = JSON.stringify({ ok: false, checked: 0, headHash: null, problems: [{ id: 1, problem: 'stale' }] });
    await t.database.db
      .insertInto('check_runs')
      .values(
        Array.from({ length: 120 }, () => ({
          check_name: 'audit_chain' as const,
          ok: false,
          source: 'background' as const,
          operator_id: null,
          ran_by: 'stale-run',
          result: stale,
        })),
      )
      .execute();
    await asOperator(ADMIN_PATHS.auditVerify);
    const runs = await t.database.db
      .selectFrom('check_runs')
      .select(['ran_by as ranBy'])
      .where('check_name', '=', 'audit_chain')
      .orderBy('id', 'desc')
      .execute();
    expect(runs).toHaveLength(100);
    expect(runs[0]?.ranBy).toBe(operator.username);
    expect((await health()).auditChain).toMatchObject({ ranBy: operator.username, result: { ok: true } });
  });
});
