import { randomBytes } from 'node:crypto';
import { bankTransferQuerySchema, type OperatorRole, queueQuerySchema } from '@app/contracts/admin';
import { WEBHOOK_PATHS } from '@app/contracts/paths';
import { toSatang } from '@app/contracts/wallet';
import type { Db } from '../db/database.ts';
import type { Config } from '../env.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import {
  type BackupManifest,
  backupDatabase,
  chooseBackupSource,
  restoreDatabase,
  restoreProblems,
} from '../modules/backup/backup.ts';
import { runAuditChainCheck, runLedgerCheck } from '../modules/checks/check-runs.service.ts';
import { assignTransfer, listBankTransfers } from '../modules/deposits/bank-feed.service.ts';
import { approveDeposit, listDeposits, rejectDeposit } from '../modules/deposits/slip-deposit.service.ts';
import { signWebhook } from '../modules/deposits/webhook-signature.ts';
import type { HouseAccounts } from '../modules/ledger/ledger.service.ts';
import { createEnrolledOperator, listOperators } from '../modules/operators/operator.service.ts';
import { totpCodeNow, totpUri } from '../modules/operators/totp.ts';
import { requirePlayerIdByPhone, setPlayerFrozen } from '../modules/player/player.service.ts';
import { adjustBalance } from '../modules/wallet/wallet.service.ts';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal } from '../modules/withdrawals/withdrawal.service.ts';

/** What a command gets: its parsed options and positionals, and (for database commands) the services' context. */
export type CommandInput = {
  positionals: string[];
  options: Record<string, string | undefined>;
  ctx: { db: Db; house: HouseAccounts; config: Config; actor: Actor } | undefined;
  config: Config;
  print: (line: string) => void;
};

export type Command = {
  usage: string;
  description: string;
  /** Commands that talk HTTP or compute locally never open the database. */
  needsDatabase: boolean;
  run: (input: CommandInput) => Promise<number>;
};

export class UsageError extends Error {}

function required(value: string | undefined, what: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`missing ${what}`);
  return value.trim();
}

function idArgument(input: CommandInput): number {
  const id = Number(required(input.positionals[0], '<id>'));
  if (!Number.isSafeInteger(id) || id <= 0) throw new UsageError('<id> must be a positive whole number');
  return id;
}

function amountSatang(text: string | undefined): number {
  const value = required(text, '<amount>');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value) || Number(value) <= 0) {
    throw new UsageError('<amount> must be baht with at most 2 decimals, e.g. 500 or 99.50');
  }
  return toSatang(Number(value));
}

function context(input: CommandInput) {
  if (!input.ctx) throw new Error('this command needs the database');
  return input.ctx;
}

const json = (value: unknown) => JSON.stringify(value);

function queueQuery(input: CommandInput) {
  return queueQuerySchema.parse({
    status: input.options.status ?? 'WAITING',
    limit: input.options.limit ?? '20',
    sort: 'oldest',
  });
}

async function createOperatorCommand(input: CommandInput, role: OperatorRole): Promise<number> {
  const ctx = context(input);
  const username = required(input.options.username, '--username');
  const password = input.options.password ?? randomBytes(12).toString('base64url');
  const created = await createEnrolledOperator(ctx.db, ctx.actor, {
    username,
    displayName: input.options.name ?? username,
    role,
    password,
  });
  input.print(`Created ${role} ${username} (id ${created.id}).`);
  if (!input.options.password) input.print(`Password (shown once): ${password}`);
  input.print(`TOTP secret (shown once; add it to an authenticator app): ${created.totpSecret}`);
  input.print(`otpauth URI: ${totpUri(created.totpSecret, username)}`);
  return 0;
}

async function decide(
  input: CommandInput,
  action: (ctx: NonNullable<CommandInput['ctx']>, id: number) => Promise<unknown>,
) {
  const ctx = context(input);
  const result = await action(ctx, idArgument(input));
  input.print(json(result));
  return 0;
}

async function adjust(input: CommandInput, direction: 'credit' | 'debit'): Promise<number> {
  const ctx = context(input);
  const phone = required(input.positionals[0], '<phone>');
  const amount = amountSatang(input.positionals[1]);
  const reason = required(input.options.reason, '--reason');
  const result = await adjustBalance(ctx, ctx.actor, {
    player: { phoneNumber: phone },
    direction,
    amountSatang: amount,
    reason,
    idempotencyKey: input.options.key,
  });
  input.print(json(result.value));
  return 0;
}

async function freeze(input: CommandInput, frozen: boolean): Promise<number> {
  const ctx = context(input);
  const phone = required(input.positionals[0], '<phone>');
  const reason = required(input.options.reason, '--reason');
  const detail = await setPlayerFrozen(ctx.db, ctx.actor, await requirePlayerIdByPhone(ctx.db, phone), frozen, reason);
  input.print(`${detail.phoneNumber} ${detail.frozenAt ? `frozen since ${detail.frozenAt}` : 'not frozen'}`);
  return 0;
}

/**
 * Sends one transfer to a running server's bank feed, signed exactly as a
 * bank-statement connector signs it (BANK_WEBHOOK_SECRET, or the demo secret
 * kept in DATA_DIR).
 */
async function sendTransfer(input: CommandInput): Promise<number> {
  const secret = input.config.bankWebhookSecret;
  if (!secret) throw new UsageError('BANK_WEBHOOK_SECRET is not set (and this is not demo mode)');
  const url = new URL(WEBHOOK_PATHS.bankTransfers, input.options.url ?? `http://127.0.0.1:${input.config.port}`);
  const body = JSON.stringify({
    reference: input.options.reference ?? `CLI${Date.now().toString(36).toUpperCase()}`,
    fromBankCode: required(input.options['from-bank'], '--from-bank'),
    fromAccountNumber: required(input.options['from-account'], '--from-account'),
    toAccountNumber: required(input.options['to-account'], '--to-account'),
    amount: Number(amountSatang(input.options.amount)) / 100,
    transferredAt: new Date().toISOString(),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signWebhook(secret, timestamp, body),
    },
    body,
  });
  input.print(`${response.status} ${await response.text()}`);
  return response.ok ? 0 : 1;
}

/** The key backups are signed and checked with (BACKUP_SIGNING_KEY; generated into DATA_DIR in demo mode). */
function signingKey(input: CommandInput): string {
  if (input.config.backupSigningKey) return input.config.backupSigningKey;
  throw new UsageError(
    'backups need BACKUP_SIGNING_KEY (at least 32 characters): the manifest is signed with it and a restore checks ' +
      'the signature, so keep it with the other secrets, apart from the backups',
  );
}

export const COMMANDS: Record<string, Command> = {
  'create-admin': {
    usage: 'create-admin --username <name> [--name <display name>] [--password <password>]',
    description:
      'Create an admin with an enrolled second factor; prints the TOTP secret (and a generated password) once',
    needsDatabase: true,
    run: (input) => createOperatorCommand(input, 'admin'),
  },
  'create-operator': {
    usage: 'create-operator --username <name> [--name <display name>] [--password <password>]',
    description: 'Create an operator (role operator) with an enrolled second factor',
    needsDatabase: true,
    run: (input) => createOperatorCommand(input, 'operator'),
  },
  operators: {
    usage: 'operators',
    description: 'List the operators',
    needsDatabase: true,
    run: async (input) => {
      for (const operator of await listOperators(context(input).db)) input.print(json(operator));
      return 0;
    },
  },
  withdrawals: {
    usage: 'withdrawals [--status WAITING|APPROVED|REJECTED] [--limit 20]',
    description: 'List withdrawals, oldest first (waiting ones by default)',
    needsDatabase: true,
    run: async (input) => {
      const page = await listWithdrawals(context(input).db, queueQuery(input));
      for (const item of page.items) {
        input.print(
          `#${item.id} ${item.createdAt} ${item.amount} THB ${item.player.phoneNumber} ${item.player.bankCode} ${item.player.bankNumber} ${item.status}`,
        );
      }
      input.print(`${page.items.length} of ${page.total}`);
      return 0;
    },
  },
  deposits: {
    usage: 'deposits [--status WAITING|APPROVED|REJECTED] [--limit 20]',
    description: 'List slip deposits, oldest first (waiting ones by default)',
    needsDatabase: true,
    run: async (input) => {
      const page = await listDeposits(context(input).db, queueQuery(input));
      for (const item of page.items) {
        const slip = item.slip ? `slip ${item.slip.reference ?? 'no QR'}` : 'no slip';
        input.print(
          `#${item.id} ${item.createdAt} ${item.amount} THB ${item.player.phoneNumber} ${slip} ${item.warnings.join(',')}`,
        );
      }
      input.print(`${page.items.length} of ${page.total}`);
      return 0;
    },
  },
  transfers: {
    usage: 'transfers [--status UNMATCHED|CREDITED|ASSIGNED] [--limit 20]',
    description: 'List bank-feed transfers (unmatched ones by default)',
    needsDatabase: true,
    run: async (input) => {
      const query = bankTransferQuerySchema.parse({
        status: input.options.status ?? 'UNMATCHED',
        limit: input.options.limit ?? '20',
      });
      const page = await listBankTransfers(context(input).db, query);
      for (const item of page.items) {
        input.print(
          `#${item.id} ${item.transferredAt} ${item.amount} THB from ${item.fromBankCode} ${item.fromAccount} ref ${item.reference} ${item.note ?? ''}`,
        );
      }
      input.print(`${page.items.length} of ${page.total}`);
      return 0;
    },
  },
  'approve-withdrawal': {
    usage: 'approve-withdrawal <id> [--note <text>]',
    description: 'Approve a waiting withdrawal (the held money is paid out)',
    needsDatabase: true,
    run: (input) =>
      decide(input, (ctx, id) =>
        approveWithdrawal(ctx, ctx.actor, { id, note: input.options.note ?? null, idempotencyKey: undefined }),
      ),
  },
  'reject-withdrawal': {
    usage: 'reject-withdrawal <id> --reason <text>',
    description: 'Reject a waiting withdrawal; the money returns to the main wallet',
    needsDatabase: true,
    run: (input) =>
      decide(input, (ctx, id) =>
        rejectWithdrawal(ctx, ctx.actor, {
          id,
          reason: required(input.options.reason, '--reason'),
          idempotencyKey: undefined,
        }),
      ),
  },
  'approve-deposit': {
    usage: 'approve-deposit <id> [--note <text>]',
    description: 'Approve a waiting slip deposit (the player is credited)',
    needsDatabase: true,
    run: (input) =>
      decide(input, (ctx, id) =>
        approveDeposit(ctx, ctx.actor, {
          id,
          note: input.options.note ?? null,
          idempotencyKey: undefined,
        }),
      ),
  },
  'reject-deposit': {
    usage: 'reject-deposit <id> --reason <text>',
    description: 'Reject a waiting slip deposit',
    needsDatabase: true,
    run: (input) =>
      decide(input, (ctx, id) =>
        rejectDeposit(ctx, ctx.actor, {
          id,
          reason: required(input.options.reason, '--reason'),
          idempotencyKey: undefined,
        }),
      ),
  },
  'assign-transfer': {
    usage: 'assign-transfer <id> --phone <phone> --reason <text> [--deposit <waiting deposit id>]',
    description: 'Give an unmatched bank transfer to a player',
    needsDatabase: true,
    run: (input) =>
      decide(input, async (ctx, id) => {
        const playerId = await requirePlayerIdByPhone(ctx.db, required(input.options.phone, '--phone'));
        const depositId = input.options.deposit === undefined ? undefined : Number(input.options.deposit);
        return assignTransfer(ctx, ctx.actor, {
          transferId: id,
          playerId,
          reason: required(input.options.reason, '--reason'),
          ...(depositId === undefined ? {} : { depositId }),
          idempotencyKey: undefined,
        });
      }),
  },
  credit: {
    usage: 'credit <phone> <amount> --reason <text> [--key <idempotency key>]',
    description: "Credit a player's main wallet (MANUAL_DEPOSIT)",
    needsDatabase: true,
    run: (input) => adjust(input, 'credit'),
  },
  debit: {
    usage: 'debit <phone> <amount> --reason <text> [--key <idempotency key>]',
    description: "Debit a player's main wallet (MANUAL_WITHDRAW)",
    needsDatabase: true,
    run: (input) => adjust(input, 'debit'),
  },
  freeze: {
    usage: 'freeze <phone> --reason <text>',
    description: 'Freeze a player: no money leaves their wallet',
    needsDatabase: true,
    run: (input) => freeze(input, true),
  },
  unfreeze: {
    usage: 'unfreeze <phone> --reason <text>',
    description: 'Unfreeze a player',
    needsDatabase: true,
    run: (input) => freeze(input, false),
  },
  'send-transfer': {
    usage:
      'send-transfer --from-bank <KBANK|004> --from-account <digits, x for hidden> --to-account <house account> --amount <baht> [--reference <ref>] [--url http://127.0.0.1:3000]',
    description: "Send a signed demo transfer to a running server's bank feed",
    needsDatabase: false,
    run: sendTransfer,
  },
  'ledger-check': {
    usage: 'ledger-check',
    description: 'Verify the ledger (balanced journals, balances, holds); exit 1 on a problem; kept as the last result',
    needsDatabase: true,
    run: async (input) => {
      const ctx = context(input);
      const result = await runLedgerCheck(ctx.db, { source: 'cli', actor: ctx.actor });
      for (const problem of result.problems) input.print(`PROBLEM: ${problem}`);
      input.print(result.ok ? `ledger OK (${json(result.counts)})` : `ledger has ${result.problems.length} problem(s)`);
      return result.ok ? 0 : 1;
    },
  },
  'audit-verify': {
    usage: 'audit-verify',
    description: "Verify the audit log's hash chain; exit 1 naming each broken row; kept as the last result",
    needsDatabase: true,
    run: async (input) => {
      const ctx = context(input);
      const result = await runAuditChainCheck(ctx.db, { source: 'cli', actor: ctx.actor });
      for (const problem of result.problems) input.print(`PROBLEM: row ${problem.id} ${problem.problem}`);
      input.print(
        result.ok ? `audit chain OK: ${result.checked} rows, head ${result.headHash ?? '-'}` : 'audit chain BROKEN',
      );
      return result.ok ? 0 : 1;
    },
  },
  backup: {
    usage: 'backup --file <path>',
    description:
      'Back up the PostgreSQL database with pg_dump from one snapshot, consistent under load: from the replica of BACKUP_DATABASE_URL when it answers within 3 s, is in recovery and is less than 16 MB of WAL behind, else from DATABASE_URL (it says which); writes <path> and <path>.manifest.json (row counts, audit head, SHA-256), signed with BACKUP_SIGNING_KEY',
    needsDatabase: false,
    run: async (input) => {
      const file = required(input.options.file, '--file <path>');
      const primaryUrl = input.config.databaseUrl;
      if (!primaryUrl) {
        throw new UsageError(
          'backup needs DATABASE_URL (PostgreSQL). The embedded database is backed up by stopping the server and copying DATA_DIR.',
        );
      }
      const key = signingKey(input);
      const started = Date.now();
      const source = await chooseBackupSource(primaryUrl, input.config.backupDatabaseUrl);
      let read = `read from ${source.from === 'replica' ? 'the replica (BACKUP_DATABASE_URL)' : 'the primary (DATABASE_URL)'}: ${source.why}`;
      let manifest: BackupManifest;
      try {
        manifest = await backupDatabase(source.url, file, key);
      } catch (error) {
        if (source.from !== 'replica') throw error;
        // A long dump on a hot standby can be cancelled by a conflict with the WAL it replays: the primary then.
        read = `read from the primary (DATABASE_URL): the dump on the replica failed (${(error as Error).message})`;
        manifest = await backupDatabase(primaryUrl, file, key);
      }
      input.print(
        `backup ${file}: ${manifest.bytes} bytes in ${((Date.now() - started) / 1000).toFixed(1)} s, ` +
          `${manifest.counts.journal_entries} journals, ${manifest.counts.postings} postings, ` +
          `${manifest.counts.audit_log} audit rows (manifest: ${file}.manifest.json); ${read}`,
      );
      return 0;
    },
  },
  restore: {
    usage: 'restore --file <path> --url <postgres://… of an empty database>',
    description:
      'Restore a backup into an empty database (only when its manifest carries the signature of BACKUP_SIGNING_KEY and the dump matches it), then check it against its manifest: row counts, audit head, the ledger check and the audit chain; exit 1 on any difference',
    needsDatabase: false,
    run: async (input) => {
      const file = required(input.options.file, '--file <path>');
      const url = required(input.options.url, '--url <target database>');
      const started = Date.now();
      const report = await restoreDatabase(file, url, signingKey(input));
      const problems = restoreProblems(report);
      for (const problem of problems) input.print(`PROBLEM: ${problem}`);
      input.print(
        problems.length === 0
          ? `restored ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${json(report.counts)}; ledger OK, audit chain OK`
          : `restore of ${file} differs from its backup in ${problems.length} way(s)`,
      );
      return problems.length === 0 ? 0 : 1;
    },
  },
  totp: {
    usage: 'totp --secret <base32 secret>',
    description: 'Print the current TOTP code of a secret (for the demo operators)',
    needsDatabase: false,
    run: async (input) => {
      input.print(totpCodeNow(required(input.options.secret, '--secret')));
      return 0;
    },
  },
};
