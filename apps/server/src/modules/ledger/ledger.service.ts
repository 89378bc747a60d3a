import type { Queryable, Trx } from '../../db/database.ts';
import { assert } from '../../lib/assert.ts';
import { ledgerRepository } from './ledger.repository.ts';

/** Kinds of ledger account. Player accounts hold a stored, never-negative balance. */
export const ACCOUNT_KIND = {
  playerMain: 'PLAYER_MAIN',
  playerPoints: 'PLAYER_POINTS',
  playerProvider: 'PLAYER_PROVIDER',
  houseCash: 'HOUSE_CASH',
  housePoints: 'HOUSE_POINTS',
  houseBonus: 'HOUSE_BONUS',
  withdrawPending: 'WITHDRAW_PENDING',
  providerClearing: 'PROVIDER_CLEARING',
  providerInTransit: 'PROVIDER_IN_TRANSIT',
  bankDeposits: 'BANK_DEPOSITS',
  bankPayouts: 'BANK_PAYOUTS',
  unmatchedDeposits: 'UNMATCHED_DEPOSITS',
  /** Bank transfers held over a player's deposit limit or exclusion, until returned or released. */
  depositsHeld: 'DEPOSITS_HELD',
} as const;

export const POSTINGS_PER_JOURNAL_MAX = 16;

export type PostingInput = { accountId: number; amount: number };
export type JournalInput = {
  kind: string;
  playerId: number | null;
  reference?: string | null;
  postings: readonly PostingInput[];
};
export type BalanceChange = { before: number; after: number };
export type JournalResult = { journalEntryId: number; balances: Map<number, BalanceChange> };

function assertPostingsShape(postings: readonly PostingInput[]): void {
  assert(
    postings.length >= 2 && postings.length <= POSTINGS_PER_JOURNAL_MAX,
    `a journal has 2 to ${POSTINGS_PER_JOURNAL_MAX} postings, got ${postings.length}`,
  );
  const ids = new Set<number>();
  for (const posting of postings) {
    assert(
      Number.isSafeInteger(posting.amount) && posting.amount !== 0,
      `posting amount must be a non-zero safe integer, got ${posting.amount}`,
    );
    assert(!ids.has(posting.accountId), `account ${posting.accountId} appears twice in one journal`);
    ids.add(posting.accountId);
  }
}

/**
 * Writes one balanced journal entry inside the caller's transaction, together
 * with whatever business record the caller writes, in one round trip to the
 * database (the function post_journal, migration 005): it checks that every
 * account exists and that the journal balances per currency, moves player
 * balances in account-id order (a fixed lock order, so concurrent journals
 * never deadlock) and writes the journal and its postings. A movement that
 * would take a player balance below zero is refused with
 * `AG_INSUFFICIENT_AMOUNT` and the caller's transaction rolls back.
 */
export async function postJournal(trx: Trx, input: JournalInput): Promise<JournalResult> {
  assertPostingsShape(input.postings);
  const posted = await ledgerRepository.postJournal(trx, {
    kind: input.kind,
    playerId: input.playerId,
    reference: input.reference ?? null,
    accountIds: input.postings.map((posting) => posting.accountId),
    amounts: input.postings.map((posting) => posting.amount),
  });
  const amountOf = new Map(input.postings.map((posting) => [posting.accountId, posting.amount]));
  const balances = new Map<number, BalanceChange>();
  for (const { accountId, after } of posted.moved) {
    assert(after >= 0, `balance of account ${accountId} went negative`);
    balances.set(accountId, { before: after - (amountOf.get(accountId) ?? 0), after });
  }
  return { journalEntryId: posted.journalEntryId, balances };
}

export const UFA_PROVIDER = 'ufa';
export const WC_PROVIDER = 'wc';

/** The transfer-wallet providers a player holds credit with; each gets a provider-credit account. */
export const PROVIDERS = [UFA_PROVIDER] as const;
/** Every game provider: each has a clearing account for game results (what players won or lost there). */
export const GAME_PROVIDERS = [UFA_PROVIDER, WC_PROVIDER] as const;

/** Opens a new player's wallet: main THB, reward points, and a credit account per provider (in that order of ids). */
export async function openPlayerAccounts(trx: Trx, playerId: number): Promise<void> {
  await ledgerRepository.createPlayerAccount(trx, playerId, ACCOUNT_KIND.playerMain, 'THB');
  await ledgerRepository.createPlayerAccount(trx, playerId, ACCOUNT_KIND.playerPoints, 'PTS');
  for (const provider of PROVIDERS) {
    await ledgerRepository.createPlayerAccount(trx, playerId, ACCOUNT_KIND.playerProvider, 'THB', provider);
  }
}

export type PlayerBalances = {
  mainAccountId: number;
  mainSatang: number;
  points: number;
  providerSatang: Map<string, number>;
};

export async function readPlayerBalances(db: Queryable, playerId: number): Promise<PlayerBalances> {
  return playerBalancesOf(playerId, await ledgerRepository.findPlayerAccounts(db, playerId));
}

/** A player's balances from the rows of their accounts. */
export function playerBalancesOf(
  playerId: number,
  rows: readonly { id: number; kind: string; provider: string; balance: number | null }[],
): PlayerBalances {
  const main = rows.find((row) => row.kind === ACCOUNT_KIND.playerMain);
  assert(main !== undefined && main.balance !== null, `player ${playerId} has no main account`);
  const points = rows.find((row) => row.kind === ACCOUNT_KIND.playerPoints);
  const providerSatang = new Map<string, number>();
  for (const row of rows) {
    if (row.kind === ACCOUNT_KIND.playerProvider) providerSatang.set(row.provider, row.balance ?? 0);
  }
  return { mainAccountId: main.id, mainSatang: main.balance, points: points?.balance ?? 0, providerSatang };
}

/** A player's main account, its balance locked until the transaction ends (a check that a debit then makes good). */
export async function lockMainBalance(trx: Trx, playerId: number): Promise<{ id: number; balance: number }> {
  const rows = await ledgerRepository.findPlayerAccounts(trx, playerId);
  const main = rows.find((row) => row.kind === ACCOUNT_KIND.playerMain);
  assert(main !== undefined, `player ${playerId} has no main account`);
  const balance = await ledgerRepository.lockBalance(trx, main.id);
  assert(balance !== undefined, `account ${main.id} has a stored balance`);
  return { id: main.id, balance };
}

/**
 * The house side of every movement. None keeps a stored balance (their
 * balance is the sum of their postings), so none is ever a row-lock hot spot.
 * - cash: manual adjustments by operators.
 * - points: the other side of every points movement (earned, spent, expired).
 * - bonus: promotion bonuses and reward credits, the operator's expense (its
 *   balance is minus what was given net of what came back).
 * - bankDeposits / bankPayouts: money that came in from, or went out to, the
 *   house bank accounts.
 * - withdrawPending: withdrawals held until an operator decides.
 * - unmatchedDeposits: bank transfers that reached us but no player yet.
 * - providerClearing (per game provider): game results, what players won
 *   (debits) or lost (credits) at that provider.
 * - providerInTransit (per transfer-wallet provider): credit on its way to or
 *   from the provider while a transfer is pending.
 */
export type HouseAccounts = {
  cash: number;
  points: number;
  bonus: number;
  withdrawPending: number;
  bankDeposits: number;
  bankPayouts: number;
  unmatchedDeposits: number;
  depositsHeld: number;
};

/**
 * Creates the house accounts on first start and returns the ids of those the TypeScript posts to,
 * which never change. The per-provider ones (a clearing account per game provider, an in-transit
 * account per transfer-wallet provider) are posted to only by the SQL functions, which find them
 * with house_account().
 */
export async function ensureHouseAccounts(db: Queryable): Promise<HouseAccounts> {
  const house = {
    cash: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.houseCash, 'THB'),
    points: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.housePoints, 'PTS'),
    bonus: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.houseBonus, 'THB'),
    withdrawPending: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.withdrawPending, 'THB'),
    bankDeposits: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.bankDeposits, 'THB'),
    bankPayouts: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.bankPayouts, 'THB'),
    unmatchedDeposits: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.unmatchedDeposits, 'THB'),
    depositsHeld: await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.depositsHeld, 'THB'),
  };
  for (const provider of GAME_PROVIDERS)
    await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.providerClearing, 'THB', provider);
  for (const provider of PROVIDERS)
    await ledgerRepository.ensureHouseAccount(db, ACCOUNT_KIND.providerInTransit, 'THB', provider);
  return house;
}
