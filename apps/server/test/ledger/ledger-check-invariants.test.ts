import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../src/db/database.ts';
import {
  ensureHouseAccounts,
  type HouseAccounts,
  readPlayerBalances,
} from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { credit, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Each invariant of the ledger check is broken on its own, directly in SQL
 * (as a bug or an intruder would), inside a transaction that is rolled back:
 * the check names exactly that corruption and nothing else, and the shared
 * database is left healthy.
 */

let t: TestContext;
let house: HouseAccounts;
beforeAll(async () => {
  t = await testApp();
  house = await ensureHouseAccounts(t.database.db);
});

class RollbackForTest extends Error {}

async function inRolledBackTransaction(work: (trx: Trx) => Promise<void>): Promise<void> {
  await t.database.db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      throw new RollbackForTest();
    })
    .catch((error) => {
      if (!(error instanceof RollbackForTest)) throw error;
    });
}

/** Checks a healthy ledger, applies the corruption and returns what the check names. */
async function problemsAfter(trx: Trx, corrupt: () => Promise<unknown>): Promise<string[]> {
  expect(await checkLedger(trx)).toMatchObject({ ok: true, problems: [] });
  await corrupt();
  const result = await checkLedger(trx);
  expect(result.ok).toBe(false);
  return result.problems;
}

/** A new player with `baht` credited through the operator API: id, main account and the credit's history row. */
async function fundedPlayer(baht: number) {
  const player = await newPlayer(t.app);
  const id = await playerIdOf(t.database.db, player.phoneNumber);
  const answer = baht > 0 ? await credit(t.app, player.phoneNumber, baht) : undefined;
  const { mainAccountId } = await readPlayerBalances(t.database.db, id);
  return { id, mainAccountId, historyId: answer?.data.id as number | undefined };
}

async function insertJournal(trx: Trx, kind = 'CORRUPT'): Promise<number> {
  const row = await trx
    .insertInto('journal_entries')
    .values({ kind, player_id: null, reference: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertPosting(
  trx: Trx,
  journalId: number,
  posting: { accountId: number; amount: number; currency: 'THB' | 'PTS' },
): Promise<number> {
  const row = await trx
    .insertInto('postings')
    .values({
      journal_entry_id: journalId,
      account_id: posting.accountId,
      amount: posting.amount,
      currency: posting.currency,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertHistory(
  trx: Trx,
  row: {
    playerId: number;
    type: 'DEPOSIT' | 'WITHDRAW';
    status: 'WAITING' | 'APPROVED';
    amount: number;
    journalEntryId?: number | null;
  },
): Promise<number> {
  const inserted = await trx
    .insertInto('history')
    .values({
      player_id: row.playerId,
      type: row.type,
      status: row.status,
      amount: row.amount,
      before_amount: 0,
      after_amount: row.type === 'DEPOSIT' && row.status === 'APPROVED' ? row.amount : 0,
      journal_entry_id: row.journalEntryId ?? null,
      note: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** What the postings of a house account sum to (the money it holds). */
async function held(trx: Trx, accountId: number): Promise<number> {
  const row = await sql<{ total: number }>`
    select coalesce(sum(amount), 0)::bigint as total from postings where account_id = ${accountId}`.execute(trx);
  return row.rows[0]?.total ?? 0;
}

async function insertBankTransfer(
  trx: Trx,
  row: { status: 'UNMATCHED' | 'CREDITED' | 'ASSIGNED'; amount: number; playerId?: number; historyId?: number },
): Promise<number> {
  const journalId = await insertJournal(trx);
  const inserted = await sql<{ id: number }>`
    insert into bank_transfers (reference, from_bank_code, from_account, to_account, amount, transferred_at,
                                status, player_id, history_id, journal_entry_id)
    values (${`CORRUPT-${journalId}`}, 'KBANK', '0000000000', '0381234567', ${row.amount}, now(),
            ${row.status}, ${row.playerId ?? null}, ${row.historyId ?? null}, ${journalId})
    returning id`.execute(trx);
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('inserted');
  // The journal stands for the feed's own journal: make it balanced so that only the transfer is wrong.
  await insertPosting(trx, journalId, { accountId: house.bankDeposits, amount: row.amount, currency: 'THB' });
  await insertPosting(trx, journalId, { accountId: house.cash, amount: -row.amount, currency: 'THB' });
  return id;
}

async function insertProviderTransfer(
  trx: Trx,
  row: { playerId: number; status: 'PENDING' | 'COMPLETED' | 'FAILED'; amount: number; settled: boolean },
): Promise<number> {
  const journalId = await insertJournal(trx);
  await insertPosting(trx, journalId, { accountId: house.bankDeposits, amount: 1, currency: 'THB' });
  await insertPosting(trx, journalId, { accountId: house.cash, amount: -1, currency: 'THB' });
  const inserted = await sql<{ id: number }>`
    insert into provider_transfers (reference, player_id, provider, direction, amount, status,
                                    intent_journal_id, settle_journal_id)
    values (${`CORRUPT-${journalId}`}, ${row.playerId}, 'ufa', 'OUT', ${row.amount}, ${row.status},
            ${journalId}, ${row.settled ? journalId : null})
    returning id`.execute(trx);
  const id = inserted.rows[0]?.id;
  if (id === undefined) throw new Error('inserted');
  return id;
}

/** An approved withdrawal of `amount` whose money the withdrawal-pending account holds (a balanced hold journal). */
async function approvedWithdrawal(trx: Trx, playerId: number, amount: number): Promise<number> {
  const hold = await insertJournal(trx, 'WITHDRAW_HOLD');
  await insertPosting(trx, hold, { accountId: house.withdrawPending, amount, currency: 'THB' });
  await insertPosting(trx, hold, { accountId: house.cash, amount: -amount, currency: 'THB' });
  return insertHistory(trx, { playerId, type: 'WITHDRAW', status: 'APPROVED', amount, journalEntryId: hold });
}

async function insertPayout(trx: Trx, row: { historyId: number; playerId: number; amount: number }): Promise<number> {
  const inserted = await trx
    .insertInto('payouts')
    .values({
      history_id: row.historyId,
      player_id: row.playerId,
      reference: `CORRUPT-PAYOUT-${row.historyId}-${Math.random().toString(36).slice(2)}`,
      amount: row.amount,
      to_bank_code: 'KBANK',
      to_account: '0000000000',
      to_name: 'Test',
      status: 'PENDING',
      approved_by: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

type PaidPayout = { withdrawal: number; hold: number; payout: number; reference: string; journal: number };

/** A healthy paid withdrawal: its hold, its PAID payout and the payout's journal, which settles the withdrawal. */
async function paidPayout(trx: Trx, playerId: number, amount: number): Promise<PaidPayout> {
  const withdrawal = await approvedWithdrawal(trx, playerId, amount);
  const payout = await insertPayout(trx, { historyId: withdrawal, playerId, amount });
  const journal = await insertJournal(trx, 'WITHDRAW_PAYOUT');
  await sql`update journal_entries set reference = ${`payout:${payout}`} where id = ${journal}`.execute(trx);
  await insertPosting(trx, journal, { accountId: house.withdrawPending, amount: -amount, currency: 'THB' });
  await insertPosting(trx, journal, { accountId: house.bankPayouts, amount, currency: 'THB' });
  await sql`update history set settlement_journal_entry_id = ${journal} where id = ${withdrawal}`.execute(trx);
  const paid = await sql<{ reference: string; hold: number }>`
    update payouts p set status = 'PAID', journal_entry_id = ${journal}, paid_at = now(), bank_reference = p.reference
      from history h
     where p.id = ${payout} and h.id = p.history_id
     returning p.reference, h.journal_entry_id as hold`.execute(trx);
  const row = paid.rows[0];
  if (!row) throw new Error('the payout was not marked paid');
  return { withdrawal, hold: row.hold, payout, reference: row.reference, journal };
}

describe('the ledger check: each invariant detects its own corruption', () => {
  it('a journal that balances overall but not per currency is named once per currency', async () => {
    await inRolledBackTransaction(async (trx) => {
      let journalId = 0;
      const problems = await problemsAfter(trx, async () => {
        journalId = await insertJournal(trx);
        await insertPosting(trx, journalId, { accountId: house.cash, amount: 5, currency: 'THB' });
        await insertPosting(trx, journalId, { accountId: house.points, amount: -5, currency: 'PTS' });
      });
      expect(problems.sort()).toEqual([
        `journal ${journalId} does not balance in PTS: sum -5, 1 postings`,
        `journal ${journalId} does not balance in THB: sum 5, 1 postings`,
      ]);
    });
  });

  it('a two-leg journal whose postings do not sum to zero is named with its sum and legs', async () => {
    await inRolledBackTransaction(async (trx) => {
      let journalId = 0;
      const problems = await problemsAfter(trx, async () => {
        journalId = await insertJournal(trx);
        await insertPosting(trx, journalId, { accountId: house.cash, amount: 500, currency: 'THB' });
        await insertPosting(trx, journalId, { accountId: house.bankDeposits, amount: -499, currency: 'THB' });
      });
      expect(problems).toEqual([`journal ${journalId} does not balance in THB: sum 1, 2 postings`]);
    });
  });

  it('a journal entry without postings is named', async () => {
    await inRolledBackTransaction(async (trx) => {
      let journalId = 0;
      const problems = await problemsAfter(trx, async () => {
        journalId = await insertJournal(trx);
      });
      expect(problems).toEqual([`journal ${journalId} has no postings`]);
    });
  });

  it('every reference of the books that names no row is named: postings, journals, history entries, page counts, seamless callbacks, counted bets and points turnover (no foreign key holds them)', async () => {
    const player = await fundedPlayer(0);
    const missing = 2_000_000_000;
    await inRolledBackTransaction(async (trx) => {
      let journalId = 0;
      let badAccountPosting = 0;
      let entryId = 0;
      let orphanEntryId = 0;
      const problems = await problemsAfter(trx, async () => {
        journalId = await insertJournal(trx);
        badAccountPosting = await insertPosting(trx, journalId, { accountId: missing, amount: 5, currency: 'THB' });
        await insertPosting(trx, journalId, { accountId: house.cash, amount: -5, currency: 'THB' });
        await sql`update journal_entries set player_id = ${missing} where id = ${journalId}`.execute(trx);
        const entry = await sql<{ id: number }>`
          insert into history (player_id, type, status, amount, before_amount, after_amount, journal_entry_id,
                               settlement_journal_entry_id, related_history_id)
          values (${player.id}, 'WITHDRAW', 'REJECTED', 1, 1, 0, ${missing}, ${missing + 1}, ${missing + 2})
          returning id`.execute(trx);
        entryId = entry.rows[0]?.id ?? 0;
        const orphan = await sql<{ id: number }>`
          insert into history (player_id, type, status, amount, before_amount, after_amount)
          values (${missing}, 'WITHDRAW', 'REJECTED', 1, 1, 0) returning id`.execute(trx);
        orphanEntryId = orphan.rows[0]?.id ?? 0;
        await sql`
          insert into seamless_transactions (provider, txn_id, kind, player_id, amount, round_id, fingerprint, answer,
                                             journal_entry_id)
          values ('wc', 'dangling-bet', 'BET', ${missing}, 1, 'dangling-round', 'f', '{}', ${missing})`.execute(trx);
        await sql`insert into turnover_bets (provider, reference, player_id, stake_satang)
                  values ('wc', 'dangling-bet', ${missing}, 1)`.execute(trx);
        await sql`insert into player_loyalty (player_id, turnover_satang) values (${missing}, 1)`.execute(trx);
      });
      expect(problems.sort()).toEqual(
        [
          `posting ${badAccountPosting} names account ${missing}, which does not exist`,
          `journal ${journalId} names player ${missing}, which does not exist`,
          `history entry ${entryId} names journal ${missing}, which does not exist`,
          `history entry ${entryId} names settling journal ${missing + 1}, which does not exist`,
          `history entry ${entryId} names related entry ${missing + 2}, which does not exist`,
          `history entry ${orphanEntryId} names player ${missing}, which does not exist`,
          `page count names player ${missing}, which does not exist`,
          `seamless transaction wc/dangling-bet names player ${missing}, which does not exist`,
          `seamless transaction wc/dangling-bet names journal ${missing}, which does not exist`,
          `counted bet wc/dangling-bet names player ${missing}, which does not exist`,
          `points turnover names player ${missing}, which does not exist`,
        ].sort(),
      );
    });
  });

  it('a posting whose journal does not exist is named', async () => {
    await inRolledBackTransaction(async (trx) => {
      const missing = 2_000_000_000;
      let postingId = 0;
      const problems = await problemsAfter(trx, async () => {
        const journalId = await insertJournal(trx);
        await insertPosting(trx, journalId, { accountId: house.cash, amount: -5, currency: 'THB' });
        postingId = await insertPosting(trx, journalId, { accountId: house.bankDeposits, amount: 5, currency: 'THB' });
        await sql`update postings set journal_entry_id = ${missing} where id = ${postingId}`.execute(trx);
      });
      // Its journal is left with one leg and the missing one with the other: both unbalanced, and the posting named.
      expect(problems).toContain(`posting ${postingId} names journal ${missing}, which does not exist`);
    });
  });

  it('a posting in another currency than its account is named (the journal still balances per currency)', async () => {
    await inRolledBackTransaction(async (trx) => {
      let postingId = 0;
      const problems = await problemsAfter(trx, async () => {
        const journalId = await insertJournal(trx);
        postingId = await insertPosting(trx, journalId, { accountId: house.cash, amount: 5, currency: 'PTS' });
        await insertPosting(trx, journalId, { accountId: house.points, amount: -5, currency: 'PTS' });
      });
      expect(problems).toEqual([`posting ${postingId} is in PTS but its account is in THB`]);
    });
  });

  it('a stored balance with no postings at all behind it is named (drift from zero)', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      const problems = await problemsAfter(trx, () =>
        sql`update ledger_accounts set balance = 7 where id = ${player.mainAccountId}`.execute(trx),
      );
      expect(problems).toEqual([`account ${player.mainAccountId} stores balance 7 but its postings sum to 0`]);
    });
  });

  it('a negative player balance is named even when its postings agree with it (the CHECK constraint dropped)', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      const problems = await problemsAfter(trx, async () => {
        await sql`alter table ledger_accounts drop constraint ledger_accounts_balance_non_negative`.execute(trx);
        const journalId = await insertJournal(trx);
        await insertPosting(trx, journalId, { accountId: player.mainAccountId, amount: -300, currency: 'THB' });
        await insertPosting(trx, journalId, { accountId: house.cash, amount: 300, currency: 'THB' });
        await sql`update ledger_accounts set balance = -300 where id = ${player.mainAccountId}`.execute(trx);
      });
      expect(problems).toEqual([`player account ${player.mainAccountId} has a negative balance -300`]);
    });
  });

  it('an approved history entry whose before and after do not differ by its amount is named', async () => {
    const player = await fundedPlayer(10);
    await inRolledBackTransaction(async (trx) => {
      const problems = await problemsAfter(trx, () =>
        sql`update history set after_amount = after_amount + 1 where id = ${player.historyId}`.execute(trx),
      );
      expect(problems).toEqual([`history ${player.historyId} (MANUAL_DEPOSIT) moves 1000 but goes from 0 to 1001`]);
    });
  });

  it('the withdrawal-pending account must hold exactly the waiting withdrawals', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      const holding = await held(trx, house.withdrawPending);
      const problems = await problemsAfter(trx, () =>
        insertHistory(trx, { playerId: player.id, type: 'WITHDRAW', status: 'WAITING', amount: 700 }),
      );
      expect(problems).toEqual([`house account WITHDRAW_PENDING holds ${holding} but ${holding + 700} is waiting`]);
    });
  });

  it('a page total that differs from the entries it counts is named with both figures', async () => {
    const player = await fundedPlayer(10);
    await inRolledBackTransaction(async (trx) => {
      const problems = await problemsAfter(trx, () =>
        sql`update history_counts set entries = entries + 2
             where player_id = ${player.id} and type = 'MANUAL_DEPOSIT'`.execute(trx),
      );
      expect(problems).toEqual([`player ${player.id} has 1 MANUAL_DEPOSIT entries but the page total counts 3`]);
    });
  });

  it('an approved withdrawal not yet paid must have a payout in flight (PENDING or UNKNOWN); a FAILED one is not in flight', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      const withdrawal = await approvedWithdrawal(trx, player.id, 700);
      const payout = await insertPayout(trx, { historyId: withdrawal, playerId: player.id, amount: 700 });
      expect(await checkLedger(trx)).toMatchObject({ ok: true, problems: [] });
      await sql`update payouts set status = 'UNKNOWN' where id = ${payout}`.execute(trx);
      expect(await checkLedger(trx)).toMatchObject({ ok: true, problems: [] });
      await sql`update payouts set status = 'FAILED' where id = ${payout}`.execute(trx);
      expect((await checkLedger(trx)).problems).toEqual([
        `withdrawal ${withdrawal} is approved and unpaid with no payout in flight`,
      ]);
    });
  });

  it('a PAID payout must have one journal under its reference, moving its amount, that settles its withdrawal', async () => {
    const player = await fundedPlayer(0);
    const corruptions: [string, (trx: Trx, paid: PaidPayout) => Promise<unknown>, (paid: PaidPayout) => string][] = [
      [
        'another amount',
        (trx, paid) => sql`update payouts set amount = 701 where id = ${paid.payout}`.execute(trx),
        (paid) => `payout ${paid.reference} is PAID but has 1 journals moving 700 of 701`,
      ],
      [
        'a second journal under its reference',
        (trx, paid) =>
          insertJournal(trx, 'WITHDRAW_PAYOUT').then((id) =>
            sql`update journal_entries set reference = ${`payout:${paid.payout}`} where id = ${id}`.execute(trx),
          ),
        (paid) => `payout ${paid.reference} is PAID but has 2 journals moving 700 of 700`,
      ],
      [
        'its withdrawal settled by another journal',
        (trx, paid) =>
          sql`update history set settlement_journal_entry_id = ${paid.hold} where id = ${paid.withdrawal}`.execute(trx),
        (paid) => `payout ${paid.reference} is PAID but has 1 journals moving 700 of 700`,
      ],
    ];
    for (const [what, corrupt, named] of corruptions) {
      await inRolledBackTransaction(async (trx) => {
        const paid = await paidPayout(trx, player.id, 700);
        const problems = (await problemsAfter(trx, () => corrupt(trx, paid))).filter((p) => !p.startsWith('journal '));
        expect(problems, what).toEqual([named(paid)]);
      });
    }
  });

  it('a withdrawal paid by two payouts is named (the one-live-payout index dropped)', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      const paid = await paidPayout(trx, player.id, 700);
      const problems = await problemsAfter(trx, async () => {
        await sql`drop index payouts_one_live_idx`.execute(trx);
        const second = await insertPayout(trx, { historyId: paid.withdrawal, playerId: player.id, amount: 700 });
        await sql`update payouts set status = 'PAID', journal_entry_id = ${paid.journal}, paid_at = now(),
                           bank_reference = reference where id = ${second}`.execute(trx);
      });
      expect(problems).toContain(`withdrawal ${paid.withdrawal} was paid by 2 payouts`);
      // The second has no journal under its own reference either.
      expect(problems).toHaveLength(2);
    });
  });

  it('the unmatched-deposits account must hold exactly the unmatched bank transfers', async () => {
    await inRolledBackTransaction(async (trx) => {
      const holding = await held(trx, house.unmatchedDeposits);
      const problems = await problemsAfter(trx, () => insertBankTransfer(trx, { status: 'UNMATCHED', amount: 900 }));
      expect(problems).toEqual([`house account UNMATCHED_DEPOSITS holds ${holding} but ${holding + 900} is waiting`]);
    });
  });

  it('a credited or assigned bank transfer without an approved deposit of its player and amount is named', async () => {
    const player = await fundedPlayer(10);
    await inRolledBackTransaction(async (trx) => {
      let credited = 0;
      let assigned = 0;
      const problems = await problemsAfter(trx, async () => {
        credited = await insertBankTransfer(trx, { status: 'CREDITED', amount: 1000, playerId: player.id });
        // Points at the player's manual deposit: not a DEPOSIT.
        assigned = await insertBankTransfer(trx, {
          status: 'ASSIGNED',
          amount: 1000,
          playerId: player.id,
          historyId: player.historyId,
        });
      });
      expect(problems.sort()).toEqual(
        [
          `bank transfer ${credited} is CREDITED but has no approved deposit of its player and amount`,
          `bank transfer ${assigned} is ASSIGNED but has no approved deposit of its player and amount`,
        ].sort(),
      );
    });
  });

  it('a bank reference credited twice (two DEPOSIT journals under it, in any case) is named once; other kinds under it are not', async () => {
    const player = await fundedPlayer(10);
    await inRolledBackTransaction(async (trx) => {
      const reference = `TWICE${player.id}`;
      const problems = await problemsAfter(trx, async () => {
        for (const [kind, written] of [
          ['DEPOSIT', reference],
          ['DEPOSIT', reference.toLowerCase()],
          ['BANK_UNMATCHED', reference],
        ] as const) {
          const journal = await trx
            .insertInto('journal_entries')
            .values({ kind, player_id: null, reference: written })
            .returning('id')
            .executeTakeFirstOrThrow();
          await insertPosting(trx, journal.id, { accountId: house.bankDeposits, amount: 1, currency: 'THB' });
          await insertPosting(trx, journal.id, { accountId: house.cash, amount: -1, currency: 'THB' });
        }
      });
      expect(problems).toEqual([`bank reference ${reference} was credited 2 times`]);
    });
  });

  it('a waiting deposit whose money moved, and an approved one whose money never moved, are named', async () => {
    const player = await fundedPlayer(10);
    await inRolledBackTransaction(async (trx) => {
      let waiting = 0;
      let approved = 0;
      const problems = await problemsAfter(trx, async () => {
        const journal = await trx
          .selectFrom('history')
          .select('journal_entry_id')
          .where('id', '=', player.historyId ?? 0)
          .executeTakeFirstOrThrow();
        waiting = await insertHistory(trx, {
          playerId: player.id,
          type: 'DEPOSIT',
          status: 'WAITING',
          amount: 100,
          journalEntryId: journal.journal_entry_id,
        });
        approved = await insertHistory(trx, { playerId: player.id, type: 'DEPOSIT', status: 'APPROVED', amount: 100 });
      });
      expect(problems.sort()).toEqual(
        [
          `deposit ${waiting} is WAITING but its money moved`,
          `deposit ${approved} is APPROVED but its money never moved`,
        ].sort(),
      );
    });
  });

  it('a provider’s in-transit account must hold exactly its pending transfers', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      // The SQL functions' own lookup of a house account.
      const inTransit = await sql<{ id: number }>`select house_account('PROVIDER_IN_TRANSIT', 'ufa') as id`.execute(
        trx,
      );
      const holding = await held(trx, Number(inTransit.rows[0]?.id));
      const problems = await problemsAfter(trx, () =>
        insertProviderTransfer(trx, { playerId: player.id, status: 'PENDING', amount: 300, settled: false }),
      );
      expect(problems).toEqual([`provider ufa in-transit account holds ${holding} but ${holding + 300} is pending`]);
    });
  });

  it('a finished provider transfer without its settling journal is named; a settled one is not', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      let unsettled = 0;
      const problems = await problemsAfter(trx, async () => {
        unsettled = await insertProviderTransfer(trx, {
          playerId: player.id,
          status: 'COMPLETED',
          amount: 300,
          settled: false,
        });
        await insertProviderTransfer(trx, { playerId: player.id, status: 'FAILED', amount: 300, settled: true });
      });
      expect(problems).toEqual([`provider transfer ${unsettled} is COMPLETED without a settling journal`]);
    });
  });

  it('an accepted seamless bet, win or rollback without its journal is named; a refused one, an empty rollback or a lost round’s result is not', async () => {
    await inRolledBackTransaction(async (trx) => {
      const txn = `corrupt-${Date.now()}`;
      const insert = (suffix: string, kind: string, answer: object, amount: number | null = 100) =>
        sql`insert into seamless_transactions (provider, txn_id, kind, amount, fingerprint, answer)
            values ('wc', ${`${txn}-${suffix}`}, ${kind}, ${amount}, 'f', ${JSON.stringify(answer)}::jsonb)`.execute(
          trx,
        );
      const problems = await problemsAfter(trx, async () => {
        await insert('bet', 'BET', { ok: true, balanceMinor: 0 });
        await insert('win', 'WIN', { ok: true, balanceMinor: 0 });
        await insert('rollback', 'ROLLBACK', { ok: true, txnId: `${txn}-bet`, balanceMinor: 0 }, null);
        await insert('refused', 'BET', { ok: false, error: 'INSUFFICIENT_FUNDS' });
        await insert('empty-rollback', 'ROLLBACK', { ok: true, balanceMinor: 0 }, null);
        await insert('lost-round', 'WIN', { ok: true, txnId: `${txn}-lost-round`, balanceMinor: 0 }, 0);
      });
      expect(problems.sort()).toEqual(
        [
          `seamless BET wc/${txn}-bet was accepted without a journal`,
          `seamless WIN wc/${txn}-win was accepted without a journal`,
          `seamless ROLLBACK wc/${txn}-rollback was accepted without a journal`,
        ].sort(),
      );
    });
  });

  it('points lots that do not add up to the points balance are named', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      // Any journal will do for the lot's reference: a journal of its own without postings would be another problem.
      const { id: journalId } = await trx.selectFrom('journal_entries').select('id').executeTakeFirstOrThrow();
      const problems = await problemsAfter(trx, async () => {
        await sql`insert into points_lots (player_id, points, remaining, source, reference, journal_entry_id)
                  values (${player.id}, 5, 5, 'DEPOSIT', ${`corrupt-${Date.now()}`}, ${journalId})`.execute(trx);
      });
      expect(problems).toEqual([`player ${player.id} has 0 points but 5 in their lots`]);
    });
  });

  it('a bonus entry the house bonus account did not pay is named', async () => {
    const player = await fundedPlayer(10);
    await inRolledBackTransaction(async (trx) => {
      const before = await sql<{ paid: string }>`
        select coalesce(-sum(p.amount), 0)::text as paid from postings p
          join ledger_accounts a on a.id = p.account_id where a.kind = 'HOUSE_BONUS'`.execute(trx);
      const paid = before.rows[0]?.paid ?? '0';
      const problems = await problemsAfter(trx, () =>
        sql`insert into history (player_id, type, amount, before_amount, after_amount, status)
            values (${player.id}, 'BONUS', 700, 0, 0, 'APPROVED')`.execute(trx),
      );
      expect(problems).toEqual([
        `the house bonus account paid ${paid} but the bonus entries add up to ${Number(paid) + 700}`,
      ]);
    });
  });

  it('a redemption that cost points without a journal, or was cancelled without its points returned, is named', async () => {
    const player = await fundedPlayer(0);
    await inRolledBackTransaction(async (trx) => {
      const reward = await trx.selectFrom('rewards').select('id').executeTakeFirstOrThrow();
      const ids: number[] = [];
      const { id: journalId } = await trx.selectFrom('journal_entries').select('id').executeTakeFirstOrThrow();
      const problems = await problemsAfter(trx, async () => {
        for (const [status, journal] of [
          ['WAITING', null],
          ['CANCELLED', journalId],
        ] as const) {
          const row = await trx
            .insertInto('redemptions')
            .values({
              player_id: player.id,
              reward_id: reward.id,
              reward_name: 'corrupt',
              kind: 'item',
              points: 3,
              status,
              journal_entry_id: journal,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          ids.push(row.id);
        }
      });
      expect(problems).toEqual([
        `redemption ${ids[0]} cost points without a journal`,
        `redemption ${ids[1]} was cancelled without its points returned`,
      ]);
    });
  });

  it('the check counts journals, postings and accounts', async () => {
    await inRolledBackTransaction(async (trx) => {
      const before = await checkLedger(trx);
      const journalId = await insertJournal(trx);
      await insertPosting(trx, journalId, { accountId: house.cash, amount: 5, currency: 'THB' });
      await insertPosting(trx, journalId, { accountId: house.bankDeposits, amount: -5, currency: 'THB' });
      const after = await checkLedger(trx);
      expect(after).toMatchObject({ ok: true, problems: [] });
      expect(after.counts).toEqual({
        journals: before.counts.journals + 1,
        postings: before.counts.postings + 2,
        accounts: before.counts.accounts,
      });
    });
  });

  it('every problem is listed, up to 50 per invariant', async () => {
    await inRolledBackTransaction(async (trx) => {
      const problems = await problemsAfter(trx, async () => {
        for (let i = 0; i < 51; i += 1) await insertJournal(trx);
      });
      expect(problems).toHaveLength(50);
      expect(problems.every((problem) => /^journal \d+ has no postings$/.test(problem))).toBe(true);
    });
  });
});
