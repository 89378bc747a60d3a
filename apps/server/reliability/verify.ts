import { ADMIN_PATHS } from '@app/contracts/paths';
import { sandboxBankStateResponseSchema } from '@app/contracts/payouts';
import { SANDBOX_CONTROL_PATHS, sandboxStateResponseSchema } from '@app/contracts/provider';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { verifyAuditChain } from '../src/modules/audit/audit.service.ts';
import { accountFits } from '../src/modules/deposits/account-mask.ts';
import { ACCOUNT_KIND, UFA_PROVIDER } from '../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { verifyBonus } from './bonus-attacks.ts';
import { type Clients, field } from './client.ts';
import { sleep } from './cluster.ts';
import { verifyLoyalty } from './loyalty.ts';
import type { Journal } from './workload.ts';

/** The decision actions of the audit log: each decided entry has exactly one of them. */
const DECISION_ACTIONS = ['withdrawal.approve', 'withdrawal.reject', 'deposit.approve', 'deposit.reject'];

/**
 * The promises checked after a run, against the database and the provider's
 * books; every broken one is a line of the returned list.
 */
export async function verifyRun(
  db: Db,
  journal: Journal,
  providerBooks: ProviderBooks,
  bankBooks: BankBooks,
): Promise<string[]> {
  const violations: string[] = [];
  const fail = (message: string) => violations.push(message);

  // Every journal sums to zero, every stored balance equals its postings, no balance is negative.
  const ledger = await checkLedger(db);
  for (const problem of ledger.problems) fail(`ledger check: ${problem}`);

  const chain = await verifyAuditChain(db);
  for (const problem of chain.problems) fail(`audit chain: row ${problem.id}: ${problem.problem}`);

  const pending = await db
    .selectFrom('provider_transfers')
    .where('status', '=', 'PENDING')
    .select(['reference', 'direction'])
    .execute();
  for (const transfer of pending) fail(`transfer ${transfer.reference} (${transfer.direction}) still pending`);

  const players = await db.selectFrom('players').select(['id', 'phone_number', 'username']).execute();
  const idOfPhone = new Map(players.map((player) => [player.phone_number, player.id]));

  // Provider balances equal ours: the provider's credit for each player is our provider account's balance.
  const ours = await db
    .selectFrom('ledger_accounts')
    .innerJoin('players', 'players.id', 'ledger_accounts.player_id')
    .where('ledger_accounts.kind', '=', ACCOUNT_KIND.playerProvider)
    .where('ledger_accounts.provider', '=', UFA_PROVIDER)
    .select(['players.username', 'ledger_accounts.balance'])
    .execute();
  for (const account of ours) {
    const theirs = providerBooks.get(account.username) ?? 0;
    if (theirs !== (account.balance ?? 0)) {
      fail(`provider credit of ${account.username}: provider ${theirs} satang, ours ${account.balance}`);
    }
  }

  await verifyFeed(db, journal, fail);
  await verifyCredits(db, journal, fail);
  await verifyKeyed(db, journal.withdrawals, 'withdraw', 'WITHDRAW', idOfPhone, fail);
  await verifyKeyed(db, journal.slips, 'deposit', 'DEPOSIT', idOfPhone, fail, true);
  await verifyDecisions(db, journal, fail);
  await verifyTransfers(db, journal, fail);
  await verifySeamless(db, fail);
  await verifyLoyalty(db, journal, fail);
  await verifyBonus(db, journal, fail);
  await verifyPayouts(db, journal, bankBooks, fail);
  return violations;
}

/** The sandbox bank's books: every payout by our reference, and how many debit lines its statement has. */
export type BankBooks = {
  payouts: Map<string, { status: 'PAID' | 'REFUSED'; amountMinor: number; bankReference: string | null }>;
  lines: number;
};

export async function readBankBooks(clients: Clients): Promise<BankBooks> {
  const answer = await clients.sandbox(SANDBOX_CONTROL_PATHS.bankState, {}, false);
  const books = sandboxBankStateResponseSchema.parse(answer?.body);
  return {
    payouts: new Map(books.payouts.map((payout) => [payout.reference, payout])),
    lines: books.lines,
  };
}

/**
 * Payouts, against the bank's own books: no withdrawal paid twice
 * (at most one PAID reference per withdrawal at the bank), none lost (every
 * approved withdrawal settled, nothing left in flight, every reference the
 * bank paid is PAID on our side with its amount and the bank's reference),
 * and every paid payout matched to exactly one debit line of the statement,
 * no debit left without its payout.
 */
async function verifyPayouts(db: Db, journal: Journal, bank: BankBooks, fail: (message: string) => void) {
  const ours = await db
    .selectFrom('payouts')
    .select([
      'id',
      'history_id',
      'reference',
      'status',
      'amount',
      'bank_reference',
      'approved_by',
      'attempts',
      'paid_by_hand',
    ])
    .execute();
  const byReference = new Map(ours.map((payout) => [payout.reference, payout]));
  for (const payout of ours) {
    if (payout.status === 'PENDING' || payout.status === 'UNKNOWN')
      fail(`payout ${payout.reference} still ${payout.status}`);
    if (payout.status !== 'PAID' || payout.paid_by_hand) continue;
    const theirs = bank.payouts.get(payout.reference);
    if (theirs?.status !== 'PAID')
      fail(`payout ${payout.reference} is PAID here but ${theirs?.status ?? 'unknown'} at the bank`);
    else if (theirs.amountMinor !== payout.amount || theirs.bankReference !== payout.bank_reference)
      fail(
        `payout ${payout.reference}: ${payout.amount} / ${payout.bank_reference} here, ${theirs.amountMinor} / ${theirs.bankReference} at the bank`,
      );
  }
  const paidAtBank = new Map<number, string[]>();
  for (const [reference, payout] of bank.payouts) {
    if (payout.status !== 'PAID') continue;
    const mine = byReference.get(reference);
    if (!mine) {
      fail(`the bank paid ${reference}, which no payout of ours has`);
      continue;
    }
    if (mine.status !== 'PAID') fail(`the bank paid ${reference}, but it is ${mine.status} here (lost)`);
    paidAtBank.set(mine.history_id, [...(paidAtBank.get(mine.history_id) ?? []), reference]);
  }
  for (const [historyId, references] of paidAtBank) {
    if (references.length > 1)
      fail(`withdrawal ${historyId} was paid ${references.length} times: ${references.join(', ')}`);
  }
  const unsettled = await db
    .selectFrom('history')
    .select('id')
    .where('type', '=', 'WITHDRAW')
    .where('status', '=', 'APPROVED')
    .where('settlement_journal_entry_id', 'is', null)
    .execute();
  for (const entry of unsettled) fail(`withdrawal ${entry.id} is approved but not paid`);
  const debits = await db.selectFrom('bank_debits').select(['line', 'reference', 'payout_id']).execute();
  if (debits.length !== bank.lines) fail(`the bank's statement has ${bank.lines} lines, we read ${debits.length}`);
  const debitsOf = new Map<number, number>();
  for (const debit of debits) {
    if (debit.payout_id === null) fail(`debit line ${debit.line} (${debit.reference}) matches no payout`);
    else debitsOf.set(debit.payout_id, (debitsOf.get(debit.payout_id) ?? 0) + 1);
  }
  for (const payout of ours) {
    if (payout.status !== 'PAID') continue;
    const count = debitsOf.get(payout.id) ?? 0;
    if (count !== 1) fail(`payout ${payout.reference} matches ${count} debit lines`);
  }
  const paid = ours.filter((payout) => payout.status === 'PAID');
  journal.payouts = {
    paid: paid.length,
    automatic: paid.filter((payout) => payout.approved_by === 'auto').length,
    retried: paid.filter((payout) => payout.attempts > 1).length,
  };
}

/** A bank reference is recorded once, ever; an acknowledged one exists; no deposit is credited by two transfers. */
async function verifyFeed(db: Db, journal: Journal, fail: (message: string) => void) {
  const rows = await db.selectFrom('bank_transfers').select(['reference', 'history_id', 'status']).execute();
  const byReference = new Map<string, number>();
  for (const row of rows) byReference.set(row.reference, (byReference.get(row.reference) ?? 0) + 1);
  for (const [reference, delivery] of journal.feed) {
    const count = byReference.get(reference) ?? 0;
    if (count > 1) fail(`bank reference ${reference} recorded ${count} times`);
    if (delivery.acked && count !== 1) fail(`bank reference ${reference} was acknowledged but is not recorded`);
  }
  const credited = new Map<number, number>();
  for (const row of rows) {
    if (row.history_id !== null) credited.set(row.history_id, (credited.get(row.history_id) ?? 0) + 1);
  }
  for (const [historyId, count] of credited) {
    if (count > 1) fail(`deposit ${historyId} is credited by ${count} bank transfers`);
  }
}

/** Who decided a deposit when no person did (deposit-credit.ts's SYSTEM_DECIDERS). */
const SYSTEM_DECIDERS = new Set(['bank-feed', 'slip-match']);

/**
 * Every bank reference was credited at most once, and every credit reached
 * the right player: one the system decided (the bank feed, a slip matched by
 * its reference) went to the one player whose registered account the
 * transfer's sender fits, who is the player the client sent it from; any
 * other credit was an operator's choice. A reference delivered with a third
 * decimal was never recorded.
 */
async function verifyCredits(db: Db, journal: Journal, fail: (message: string) => void) {
  const credits = await sql<{ reference: string; player_id: number; decided_by: string | null }>`
    select upper(j.reference) as reference, j.player_id, h.decided_by
      from journal_entries j
      left join history h on h.journal_entry_id = j.id or h.settlement_journal_entry_id = j.id
     where j.kind = 'DEPOSIT' and j.reference is not null`.execute(db);
  const timesCredited = new Map<string, number>();
  for (const credit of credits.rows) {
    timesCredited.set(credit.reference, (timesCredited.get(credit.reference) ?? 0) + 1);
  }
  for (const [reference, times] of timesCredited) {
    if (times > 1) fail(`bank reference ${reference} was credited ${times} times`);
  }
  const transfers = await db.selectFrom('bank_transfers').select(['reference', 'bank_code', 'from_account']).execute();
  const transferOf = new Map(transfers.map((row) => [row.reference.toUpperCase(), row]));
  const players = await db.selectFrom('players').select(['id', 'phone_number', 'bank_code', 'bank_number']).execute();
  const idOfPhone = new Map(players.map((player) => [player.phone_number, player.id]));
  for (const credit of credits.rows) {
    if (!SYSTEM_DECIDERS.has(credit.decided_by ?? '')) continue;
    const transfer = transferOf.get(credit.reference);
    if (!transfer) {
      fail(`bank reference ${credit.reference} was credited by ${credit.decided_by} without a transfer`);
      continue;
    }
    const fitting = players.filter(
      (player) =>
        (transfer.bank_code === null || transfer.bank_code === player.bank_code) &&
        accountFits(transfer.from_account, player.bank_number),
    );
    if (fitting.length !== 1 || fitting[0]?.id !== credit.player_id) {
      fail(
        `bank reference ${credit.reference} was credited by ${credit.decided_by} to player ${credit.player_id}, ` +
          `but its sender ${transfer.from_account} fits ${fitting.length} players`,
      );
    }
    const sender = journal.feed.get(credit.reference)?.phone;
    if (sender !== undefined && idOfPhone.get(sender) !== credit.player_id) {
      fail(`bank reference ${credit.reference} was sent by ${sender} but credited to player ${credit.player_id}`);
    }
  }
  for (const [reference, amount] of journal.refusedAmounts) {
    if (transferOf.has(reference)) fail(`bank reference ${reference} of ${amount} baht was recorded`);
  }
}

/**
 * Keyed requests (withdrawals, slip deposits) happened at most once per key:
 * each created entry has its key stored beside it in the same transaction, so
 * a player's entries are exactly as many as their stored keys; and every
 * acknowledged key is stored with the entry its answer named.
 */
async function verifyKeyed(
  db: Db,
  requests: Map<string, { phone: string; entryId: number | undefined }>,
  scopeName: string,
  type: 'WITHDRAW' | 'DEPOSIT',
  idOfPhone: Map<string, number>,
  fail: (message: string) => void,
  viaSlips = false,
) {
  const stored = await db
    .selectFrom('idempotency_keys')
    .where('scope', 'like', `player:%:${scopeName}`)
    .select(['scope', 'key', 'response'])
    .execute();
  const storedByKey = new Map(stored.map((row) => [`${row.scope}/${row.key}`, row.response]));
  const keysPerPlayer = new Map<string, number>();
  for (const row of stored) keysPerPlayer.set(row.scope, (keysPerPlayer.get(row.scope) ?? 0) + 1);

  for (const [key, request] of requests) {
    const playerId = idOfPhone.get(request.phone);
    if (request.entryId === undefined || playerId === undefined) continue;
    const response = storedByKey.get(`player:${playerId}:${scopeName}/${key}`);
    // Slip deposits and withdrawals (player_withdraw) store {"entry": …}; a withdrawal key stored
    // before player_withdraw existed holds the presented entry itself.
    const storedId = entryIdOf(response, ['entry', 'id']) ?? (viaSlips ? undefined : entryIdOf(response, ['id']));
    if (storedId !== request.entryId) {
      fail(`${scopeName} ${key}: answered entry ${request.entryId}, stored ${storedId ?? 'nothing'}`);
    }
  }

  const entries = viaSlips
    ? await db
        .selectFrom('deposit_slips')
        .select((eb) => ['player_id', eb.fn.countAll<number>().as('count')])
        .groupBy('player_id')
        .execute()
    : await db
        .selectFrom('history')
        .where('type', '=', type)
        .where('source', '=', 'PLAYER')
        .select((eb) => ['player_id', eb.fn.countAll<number>().as('count')])
        .groupBy('player_id')
        .execute();
  for (const row of entries) {
    const keys = keysPerPlayer.get(`player:${row.player_id}:${scopeName}`) ?? 0;
    if (Number(row.count) !== keys) {
      fail(`player ${row.player_id}: ${row.count} ${scopeName} entries but ${keys} stored keys`);
    }
  }
}

/** The JSON stored with a key names the entry at this path (the replayed answer). */
function entryIdOf(response: unknown, path: string[]): number | undefined {
  let value = response;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return typeof value === 'number' ? value : undefined;
}

/** Every acknowledged decision is the entry's state, and no entry was decided twice (one audit row each). */
async function verifyDecisions(db: Db, journal: Journal, fail: (message: string) => void) {
  const ids = [...journal.decisions.keys()];
  const entries =
    ids.length === 0 ? [] : await db.selectFrom('history').where('id', 'in', ids).select(['id', 'status']).execute();
  const statusOf = new Map(entries.map((entry) => [entry.id, entry.status]));
  for (const [id, decided] of journal.decisions) {
    const expected = decided.decision === 'approve' ? 'APPROVED' : 'REJECTED';
    if (statusOf.get(id) !== expected) {
      fail(`${decided.kind} ${id}: decided ${decided.decision}, but the entry is ${statusOf.get(id) ?? 'missing'}`);
    }
  }
  const twice = await db
    .selectFrom('audit_log')
    .where('action', 'in', DECISION_ACTIONS)
    .select((eb) => ['target_id', eb.fn.countAll<number>().as('count')])
    .groupBy(['target_type', 'target_id'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  for (const row of twice) fail(`entry ${row.target_id} was decided ${row.count} times`);
}

/** A transfer key made at most one transfer; an acknowledged one exists and is settled. */
async function verifyTransfers(db: Db, journal: Journal, fail: (message: string) => void) {
  const rows = await db
    .selectFrom('provider_transfers')
    .where('client_key', 'is not', null)
    .select(['client_key', 'status'])
    .execute();
  const byKey = new Map<string, string[]>();
  for (const row of rows) {
    if (row.client_key) byKey.set(row.client_key, [...(byKey.get(row.client_key) ?? []), row.status]);
  }
  for (const [key, transfer] of journal.transfers) {
    const made = byKey.get(key) ?? [];
    if (made.length > 1) fail(`transfer key ${key} made ${made.length} transfers`);
    if (transfer.status !== undefined && made.length !== 1) fail(`transfer key ${key} was acknowledged but made none`);
  }
}

/** A bet is debited once and rolled back at most once, whatever was delivered twice or out of order. */
async function verifySeamless(db: Db, fail: (message: string) => void) {
  const rolledBackTwice = await sql<{ bet_txn_id: string; count: number }>`
    select bet_txn_id, count(*)::int as count from seamless_transactions
    where kind = 'ROLLBACK' and journal_entry_id is not null
    group by bet_txn_id having count(*) > 1`.execute(db);
  for (const row of rolledBackTwice.rows) fail(`bet ${row.bet_txn_id} was refunded ${row.count} times`);
  const lateBets = await sql<{ txn_id: string }>`
    select bet.txn_id from seamless_transactions bet
    join seamless_transactions rollback
      on rollback.provider = bet.provider and rollback.bet_txn_id = bet.txn_id and rollback.kind = 'ROLLBACK'
    where bet.kind = 'BET' and bet.journal_entry_id is not null and rollback.journal_entry_id is null
      and rollback.created_at < bet.created_at`.execute(db);
  for (const row of lateBets.rows) fail(`bet ${row.txn_id} was taken after its rollback had arrived`);
}

/** The provider's credit per player (current plus in game), in satang. */
export type ProviderBooks = Map<string, number>;

export async function readProviderBooks(clients: Clients, usernames: string[]): Promise<ProviderBooks> {
  const answer = await clients.sandbox(SANDBOX_CONTROL_PATHS.state, { playerRefs: usernames }, false);
  const books = sandboxStateResponseSchema.parse(answer?.body);
  return new Map(
    books.players.map((player) => [player.playerRef, player.currentCreditMinor + player.inGameCreditMinor]),
  );
}

/** Callbacks the provider still owes our server (wins and rollbacks to deliver). */
export async function pendingCallbacks(clients: Clients): Promise<number> {
  const answer = await clients.sandbox(SANDBOX_CONTROL_PATHS.state, { playerRefs: [] }, false);
  return sandboxStateResponseSchema.parse(answer?.body).pendingCallbacks;
}

const SETTLE_LIMIT_MS = 180_000;

/**
 * Waits until no transfer awaits the provider's answer, the provider owes our
 * server no callback, no payout awaits the bank's, and the bank's statement
 * has been read to its end and matched.
 */
export async function settle(clients: Clients, log: (message: string) => void): Promise<string | undefined> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < deadline) {
    const summary = await clients.operator(ADMIN_PATHS.summary, { counted: false });
    const pending = field(summary, 'data', 'pendingTransfers', 'count');
    const owed = await pendingCallbacks(clients);
    const payouts = await clients.operator(ADMIN_PATHS.payoutSummary, { counted: false });
    const inFlight = field(payouts, 'data', 'inFlight');
    const read = field(payouts, 'data', 'statementLine');
    const lines = (await readBankBooks(clients)).lines;
    log(
      `settling: ${String(pending)} transfers pending, ${owed} callbacks owed, ${String(inFlight)} payouts in flight, ` +
        `${String(read)} of ${lines} statement lines read`,
    );
    if (pending === 0 && owed === 0 && inFlight === 0 && read === lines) return undefined;
    await sleep(1000);
  }
  return `not settled within ${SETTLE_LIMIT_MS / 1000} s (transfers pending, callbacks owed or payouts in flight)`;
}
