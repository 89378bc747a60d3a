/** Helpers of the deposit tests: players at chosen accounts, masked sender accounts, and what a deposit left behind. */
import { randomInt } from 'node:crypto';
import { findBank } from '@app/contracts/banks';
import type { BankTransferWebhook } from '@app/contracts/deposits';
import { accountPattern } from '../../src/modules/deposits/account-mask.ts';
import { readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { uniqueReference } from './money.ts';
import { newPlayer, playerIdOf, type TestContext, type TestPlayer, uniqueBankNumber } from './test-app.ts';

/** The house deposit account seeded for the tests. */
export const HOUSE_ACCOUNT = '0381234567';
export const HOUSE_PROMPTPAY_ID = '0105561234567';

export type DepositPlayer = TestPlayer & { id: number; bankCode: string };

/**
 * A new player, by default at KBANK with a random account number; with its database id. A player who
 * will take a time-out needs a `fullName` of their own: an exclusion bars new accounts of that name.
 */
export async function depositPlayer(
  t: TestContext,
  account: { bankCode?: string; bankNumber?: string; fullName?: string } = {},
): Promise<DepositPlayer> {
  const bankCode = account.bankCode ?? 'KBANK';
  const digits = findBank(bankCode)?.accountDigits ?? 10;
  const player = await newPlayer(t.app, {
    bankCode,
    bankNumber: account.bankNumber ?? uniqueBankNumber(digits),
    ...(account.fullName ? { fullName: account.fullName } : {}),
  });
  return { ...player, bankCode, id: await playerIdOf(t.database.db, player.phoneNumber) };
}

const randomDigits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/**
 * A statement's view of an account number: the template's `#` show the
 * number's digits, its x, X and * hide them, dashes and spaces are kept as
 * printed. The template is aligned to the end of the number.
 */
export function maskAccount(template: string, bankNumber: string): string {
  const shown = template.replace(/[ -]/g, '');
  let position = bankNumber.length - shown.length;
  let masked = '';
  for (const char of template) {
    if (char === '-' || char === ' ') {
      masked += char;
      continue;
    }
    masked += char === '#' ? bankNumber[position] : char;
    position += 1;
  }
  return masked;
}

/** The same number with every hidden digit of the template changed, so that both fit the masked account. */
function sameVisibleDigits(template: string, bankNumber: string): string {
  const shown = template.replace(/[ -]/g, '');
  const offset = bankNumber.length - shown.length;
  return [...bankNumber]
    .map((digit, index) => {
      const visible = index >= offset && shown[index - offset] === '#';
      return visible ? digit : String((Number(digit) + 1 + randomInt(9)) % 10);
    })
    .join('');
}

/** How many registered players at a bank fit a masked account. */
async function playersFitting(t: TestContext, bankCode: string, masked: string): Promise<number> {
  const pattern = accountPattern(masked.replace(/[ -]/g, ''));
  if (pattern === undefined) throw new Error(`not a statement account: ${masked}`);
  const row = await t.database.db
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bank_code', '=', bankCode)
    .where('bank_number', 'like', pattern)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Players at a bank whose registered accounts all fit one masked account (one
 * player, or several sharing the visible digits), chosen so that no other
 * player of the shared test database fits it.
 */
export async function playersBehindMask(
  t: TestContext,
  input: { bankCode: string; template: string; count: number },
): Promise<{ players: DepositPlayer[]; masked: string }> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const first = randomDigits(findBank(input.bankCode)?.accountDigits ?? 10);
    const masked = maskAccount(input.template, first);
    if ((await playersFitting(t, input.bankCode, masked)) > 0) continue;
    const numbers = [first];
    while (numbers.length < input.count) numbers.push(sameVisibleDigits(input.template, first));
    if (new Set(numbers).size < numbers.length) continue;
    const players: DepositPlayer[] = [];
    for (const bankNumber of numbers) players.push(await depositPlayer(t, { bankCode: input.bankCode, bankNumber }));
    return { players, masked };
  }
  throw new Error(`no free account behind ${input.template} in 50 attempts`);
}

/** A bank-feed transfer from a player's registered account to the house account, now. */
export function transferFrom(
  player: { bankNumber: string },
  amount: number,
  overrides: Partial<BankTransferWebhook> = {},
): BankTransferWebhook {
  return {
    reference: uniqueReference('FT'),
    fromBankCode: 'KBANK',
    fromAccountNumber: player.bankNumber,
    toAccountNumber: HOUSE_ACCOUNT,
    amount,
    transferredAt: new Date().toISOString(),
    ...overrides,
  };
}

/** The player's main balance in satang. */
export async function mainSatang(t: TestContext, playerId: number): Promise<number> {
  return (await readPlayerBalances(t.database.db, playerId)).mainSatang;
}

/** The player's history entries of a type, oldest first, as stored. */
export function entriesOf(t: TestContext, playerId: number, type: 'DEPOSIT' | 'REJECT_DEPOSIT' = 'DEPOSIT') {
  return t.database.db
    .selectFrom('history')
    .select([
      'id',
      'type',
      'status',
      'amount',
      'before_amount as beforeAmount',
      'after_amount as afterAmount',
      'note',
      'source',
      'decided_by as decidedBy',
      'reason',
      'journal_entry_id as journalEntryId',
      'settlement_journal_entry_id as settlementJournalEntryId',
    ])
    .where('player_id', '=', playerId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();
}

/** The bank-feed transfer recorded for a reference, if any. */
export function transferRow(t: TestContext, reference: string) {
  return t.database.db
    .selectFrom('bank_transfers')
    .select([
      'id',
      'status',
      'player_id as playerId',
      'history_id as historyId',
      'journal_entry_id as journalEntryId',
      'note',
      'decided_by as decidedBy',
    ])
    .where('reference', '=', reference)
    .executeTakeFirst();
}

/** The ledger postings of a journal, by the kind of account they touch. */
export function postingsByKind(t: TestContext, journalEntryId: number) {
  return t.database.db
    .selectFrom('postings')
    .innerJoin('ledger_accounts', 'ledger_accounts.id', 'postings.account_id')
    .select(['ledger_accounts.kind', 'ledger_accounts.player_id as playerId', 'postings.amount'])
    .where('postings.journal_entry_id', '=', journalEntryId)
    .orderBy('postings.amount')
    .execute();
}
