import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type DatabaseHandle, openPglite } from '../src/db/database.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import type { App } from '../src/http/types.ts';
import { migrate } from '../src/migrations.ts';
import { appendAudit } from '../src/modules/audit/audit.service.ts';
import { ensureHouseAccounts } from '../src/modules/ledger/ledger.service.ts';
import { sendBankTransfer, uniqueReference } from '../test/support/money.ts';
import { ADMIN_KEY, bearer, newPlayer, playerIdOf, type TestPlayer, testConfig } from '../test/support/test-app.ts';
import { type BankBooks, type ProviderBooks, verifyRun } from './verify.ts';
import { type Journal, newJournal } from './workload.ts';

/**
 * The reliability run is only as good as its checks: each promise it checks
 * is broken here on purpose, one at a time, on a database of its own, and the
 * checks must name it.
 */
let database: DatabaseHandle;
let app: App;
let player: TestPlayer;
let playerId: number;
let withdrawalId: number;
const withdrawKey = 'reliability-check-wd-1';
const feedReference = uniqueReference('RCHECK');
const noBooks: ProviderBooks = new Map();

function baseJournal(): Journal {
  const journal = newJournal();
  journal.withdrawals.set(withdrawKey, { phone: player.phoneNumber, entryId: withdrawalId });
  journal.feed.set(feedReference, { phone: player.phoneNumber, acked: true });
  return journal;
}

beforeAll(async () => {
  database = await openPglite('memory');
  await migrate(database.db);
  await seedReferenceData(database.db);
  app = await buildApp({ db: database.db, config: testConfig(), logger: false });
  await app.ready();
  player = await newPlayer(app);
  playerId = await playerIdOf(database.db, player.phoneNumber);
  const house = (await app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(player.token) })).json().data
    .accounts[0].bankNumber;
  const delivered = await sendBankTransfer(app, {
    reference: feedReference,
    fromBankCode: 'KBANK',
    fromAccountNumber: player.bankNumber,
    toAccountNumber: house,
    amount: 1000,
    transferredAt: new Date().toISOString(),
  });
  expect(delivered.json().data.result).toBe('credited');
  const withdrawn = await app.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: { ...bearer(player.token), 'idempotency-key': withdrawKey },
    payload: { amount: 200 },
  });
  withdrawalId = withdrawn.json().data.id;
}, 60_000);

afterAll(async () => {
  await app.close();
  await database.close();
});

/** The sandbox bank's books of a run without payouts (the test app's approvals are a cashier's). */
const noBank: BankBooks = { payouts: new Map(), lines: 0 };

async function violations(journal = baseJournal(), books = noBooks, bank = noBank) {
  return verifyRun(database.db, journal, books, bank);
}

/** A new player with 1,000 baht deposited by the bank feed. */
async function fundedPlayer(): Promise<TestPlayer & { id: number }> {
  const who = await newPlayer(app);
  const house = (await app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(who.token) })).json().data
    .accounts[0].bankNumber;
  const delivered = await sendBankTransfer(app, {
    reference: uniqueReference('RBONUS'),
    fromBankCode: 'KBANK',
    fromAccountNumber: who.bankNumber,
    toAccountNumber: house,
    amount: 1000,
    transferredAt: new Date().toISOString(),
  });
  expect(delivered.json().data.result).toBe('credited');
  return { ...who, id: await playerIdOf(database.db, who.phoneNumber) };
}

/** A FIXED promotion of 10 baht (turnover 5 ×) claimed by the player: ACTIVE at once. Answers the claim's id. */
async function fixedClaim(who: TestPlayer): Promise<number> {
  const promotion = await app.inject({
    method: 'POST',
    url: ADMIN_PATHS.promotions,
    headers: { 'x-admin-key': ADMIN_KEY },
    payload: {
      kind: 'FIXED',
      fixedSatang: 1_000,
      turnoverMultiplier: 5,
      turnoverBase: 'BONUS',
      texts: { en: { title: `Check ${Date.now()}`, terms: '' } },
    },
  });
  const claimed = await app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.promotionClaim, { id: promotion.json().data.id }),
    headers: bearer(who.token),
  });
  expect(claimed.json().data.status, claimed.body).toBe('ACTIVE');
  return claimed.json().data.id as number;
}

/** The violations a step added: the earlier tests leave their broken promises in the shared database. */
function added(before: string[], after: string[]): string[] {
  return after.filter((violation) => !before.includes(violation));
}

describe('the reliability checks name each broken promise', () => {
  it('an intact run has no violation', async () => {
    expect(await violations()).toEqual([]);
  });

  it('a withdrawal whose answer named another entry than the one stored with its key', async () => {
    const journal = baseJournal();
    journal.withdrawals.set(withdrawKey, { phone: player.phoneNumber, entryId: withdrawalId + 1000 });
    expect(await violations(journal)).toEqual([expect.stringContaining(`withdraw ${withdrawKey}: answered entry`)]);
  });

  it('an acknowledged bank reference that is not recorded', async () => {
    const journal = baseJournal();
    journal.feed.set('RNEVERARRIVED', { phone: player.phoneNumber, acked: true });
    expect(await violations(journal)).toEqual([expect.stringContaining('RNEVERARRIVED was acknowledged')]);
  });

  it('an acknowledged transfer key that made no transfer', async () => {
    const journal = baseJournal();
    journal.transfers.set('tr-never-made', { phone: player.phoneNumber, status: 'COMPLETED' });
    expect(await violations(journal)).toEqual([expect.stringContaining('tr-never-made was acknowledged')]);
  });

  it('a reference delivered with a third decimal that was recorded anyway', async () => {
    const journal = baseJournal();
    journal.refusedAmounts.set(feedReference, 1000.005);
    expect(await violations(journal)).toEqual([
      expect.stringContaining(`${feedReference} of 1000.005 baht was recorded`),
    ]);
  });

  it('a reference the bank feed credited to another player than the one the client sent it from', async () => {
    const journal = baseJournal();
    journal.feed.set(feedReference, { phone: '0899999999', acked: true });
    expect(await violations(journal)).toEqual([
      expect.stringContaining(`${feedReference} was sent by 0899999999 but credited to player ${playerId}`),
    ]);
  });

  it('provider credit that differs from ours', async () => {
    const username = (await app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(player.token) })).json()
      .data.username;
    const books: ProviderBooks = new Map([[username, 1]]);
    // The player has a provider account only once a transfer touched it; the check compares existing accounts.
    const found = await violations(baseJournal(), books);
    const accounts = await database.db
      .selectFrom('ledger_accounts')
      .where('player_id', '=', playerId)
      .where('kind', '=', 'PLAYER_PROVIDER')
      .select('id')
      .execute();
    expect(found).toEqual(accounts.length > 0 ? [expect.stringContaining(`provider credit of ${username}`)] : []);
  });

  it('a decision recorded twice for one entry', async () => {
    const journal = baseJournal();
    const approved = await app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: withdrawalId }),
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    journal.decisions.set(withdrawalId, { kind: 'withdrawal', decision: 'approve' });
    expect(await violations(journal)).toEqual([]);
    // A second audited decision of the same entry, written the way the services write one (the chain stays valid).
    await database.db
      .transaction()
      .execute((trx) =>
        appendAudit(
          trx,
          { operatorId: null, name: 'service' },
          { action: 'withdrawal.reject', targetType: 'history', targetId: withdrawalId },
        ),
      );
    expect(await violations(journal)).toEqual([expect.stringContaining(`entry ${withdrawalId} was decided 2 times`)]);
  });

  it('a decision acknowledged as approve while the entry says otherwise', async () => {
    const journal = baseJournal();
    journal.decisions.set(withdrawalId, { kind: 'withdrawal', decision: 'reject' });
    const found = await violations(journal);
    expect(found).toEqual(
      expect.arrayContaining([expect.stringContaining(`withdrawal ${withdrawalId}: decided reject, but the entry is`)]),
    );
  });

  it('a withdrawal entry without its stored key (applied twice, or without the idempotency record)', async () => {
    const house = await ensureHouseAccounts(database.db);
    expect(house).toBeDefined();
    await database.db
      .insertInto('history')
      .values({
        player_id: playerId,
        type: 'WITHDRAW',
        status: 'WAITING',
        amount: 100,
        before_amount: 0,
        after_amount: 0,
        source: 'PLAYER',
      })
      .execute();
    expect(await violations()).toEqual(
      expect.arrayContaining([expect.stringContaining(`player ${playerId}: 2 withdraw entries but 1 stored keys`)]),
    );
  });

  it('a stored balance that no longer equals its postings', async () => {
    await database.db
      .updateTable('ledger_accounts')
      .set((eb) => ({ balance: eb('balance', '+', 1) }))
      .where('player_id', '=', playerId)
      .where('kind', '=', 'PLAYER_MAIN')
      .execute();
    const found = await violations();
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^ledger check: /)]));
  });

  it('an audit row changed after the fact (by someone who could switch its append-only trigger off)', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`alter table audit_log disable trigger audit_log_append_only`.execute(trx);
      await trx
        .updateTable('audit_log')
        .set({ reason: 'changed later' })
        .where('target_id', '=', String(withdrawalId))
        .execute();
      await sql`alter table audit_log enable trigger audit_log_append_only`.execute(trx);
    });
    expect(await violations()).toEqual(expect.arrayContaining([expect.stringMatching(/^audit chain: row \d+/)]));
  });

  it('a reference the bank feed credited although its sender fits two players (only an operator may choose)', async () => {
    const twin = await newPlayer(app, { bankNumber: `99999${player.bankNumber.slice(-5)}` });
    expect(twin).toBeDefined();
    await database.db
      .updateTable('bank_transfers')
      .set({ from_account: `xxxxx${player.bankNumber.slice(-5)}` })
      .where('reference', '=', feedReference)
      .execute();
    expect(await violations()).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${feedReference} was credited by bank-feed to player ${playerId}, but its sender`),
      ]),
    );
  });

  it('a reference credited twice', async () => {
    const house = await ensureHouseAccounts(database.db);
    await database.db.transaction().execute(async (trx) => {
      const journal = await trx
        .insertInto('journal_entries')
        .values({ kind: 'DEPOSIT', player_id: playerId, reference: feedReference.toLowerCase() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('postings')
        .values([
          { journal_entry_id: journal.id, account_id: house.bankDeposits, amount: -100, currency: 'THB' },
          { journal_entry_id: journal.id, account_id: house.cash, amount: 100, currency: 'THB' },
        ])
        .execute();
    });
    expect(await violations()).toEqual(
      expect.arrayContaining([expect.stringContaining(`bank reference ${feedReference} was credited 2 times`)]),
    );
  });

  it('a redemption answered that does not exist, or that belongs to another player', async () => {
    const journal = baseJournal();
    const before = await violations(journal);
    journal.loyalty.redemptions.set('reliability-rd-1', { phone: player.phoneNumber, entryId: 987_654 });
    expect(added(before, await violations(journal))).toEqual([
      'redemption reliability-rd-1: answered 987654, which does not exist',
    ]);
  });

  it('a fulfilment decision answered send while the item says otherwise', async () => {
    const admin = { 'x-admin-key': ADMIN_KEY };
    const reward = await app.inject({
      method: 'POST',
      url: ADMIN_PATHS.rewards,
      headers: admin,
      payload: { name: 'Check item', imageUrl: 'earbuds.png', kind: 'item', pricePoints: 1, stock: 5 },
    });
    const redeemed = await app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.rewardRedeem, { id: reward.json().data.id }),
      headers: { ...bearer(player.token), 'idempotency-key': 'reliability-check-rd-2' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    const id = redeemed.json().data.redemption.id as number;
    const journal = baseJournal();
    const before = await violations(journal);
    journal.loyalty.redemptions.set('reliability-check-rd-2', { phone: player.phoneNumber, entryId: id });
    expect(added(before, await violations(journal))).toEqual([]);
    journal.loyalty.decisions.set(id, 'send');
    expect(added(before, await violations(journal))).toEqual([`redemption ${id}: decided send, but it is WAITING`]);
  });

  it('an open requirement whose turnover is not the sum of the bets it counted', async () => {
    const admin = { 'x-admin-key': ADMIN_KEY };
    const promotion = await app.inject({
      method: 'POST',
      url: ADMIN_PATHS.promotions,
      headers: admin,
      payload: {
        kind: 'FIXED',
        fixedSatang: 1_000,
        turnoverMultiplier: 5,
        turnoverBase: 'BONUS',
        texts: { en: { title: 'Check', terms: '' } },
      },
    });
    const claimed = await app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.promotionClaim, { id: promotion.json().data.id }),
      headers: bearer(player.token),
    });
    expect(claimed.json().data.status).toBe('ACTIVE');
    const before = await violations();
    const claimId = claimed.json().data.id as number;
    await sql`update player_promotions set turnover_done = 700 where id = ${claimId}`.execute(database.db);
    try {
      expect(added(before, await violations())).toEqual([
        `promotion claim ${claimId}: turnover 700 but its counted bets sum to 0`,
      ]);
    } finally {
      await sql`update player_promotions set turnover_done = 0 where id = ${claimId}`.execute(database.db);
    }
  });

  it('bonus money: a withdrawal accepted while its player’s requirement was open', async () => {
    const who = await fundedPlayer();
    const claimId = await fixedClaim(who);
    const before = await violations();
    // The requirement said ended an hour from now: a withdrawal now falls inside it.
    await sql`update player_promotions set status = 'COMPLETED', turnover_done = turnover_required,
               ended_at = now() + interval '1 hour' where id = ${claimId}`.execute(database.db);
    const withdrawn = await app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(who.token), 'idempotency-key': 'reliability-check-wd-bonus' },
      payload: { amount: 100 },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const journal = baseJournal();
    journal.withdrawals.set('reliability-check-wd-bonus', {
      phone: who.phoneNumber,
      entryId: withdrawn.json().data.id,
    });
    // (The rows made by hand here break other promises too, which their own tests name.)
    expect(added(before, await violations(journal))).toEqual(
      expect.arrayContaining([`withdrawal ${withdrawn.json().data.id} was accepted while claim ${claimId} was open`]),
    );
    await sql`update player_promotions set ended_at = now() - interval '1 hour' where id = ${claimId}`.execute(
      database.db,
    );
  });

  it('bonus money: a requirement that ended while a round of a bet it counted was open, a round never closed, a met one left open', async () => {
    const who = await fundedPlayer();
    const claimId = await fixedClaim(who);
    const before = await violations();
    const txn = `check-${Date.now()}`;
    const row = (suffix: string, kind: string, round: string | null, betTxnId: string | null, at: string) =>
      sql`insert into seamless_transactions (provider, txn_id, kind, player_id, amount, round_id, bet_txn_id,
                                             fingerprint, answer, created_at)
          values ('wc', ${`${txn}-${suffix}`}, ${kind}, ${who.id}, 0, ${round}, ${betTxnId}, 'f',
                  '{"ok": true, "balanceMinor": 0}'::jsonb, now() + ${at}::interval)`.execute(database.db);
    await row('bet', 'BET', `${txn}-round`, null, '0 seconds');
    await sql`insert into turnover_bets (provider, reference, player_id, stake_satang, player_promotion_id, counted_satang)
              values ('wc', ${`${txn}-bet`}, ${who.id}, 100, ${claimId}, 100)`.execute(database.db);
    await row('win', 'WIN', `${txn}-round`, null, '1 minute');
    await sql`update player_promotions set status = 'ENDED_LOW_BALANCE', ended_at = now() where id = ${claimId}`.execute(
      database.db,
    );
    await sql`insert into open_rounds (provider, round_id, player_id) values ('wc', ${`${txn}-open`}, ${who.id})`.execute(
      database.db,
    );
    const met = await fixedClaim(await fundedPlayer());
    await sql`update player_promotions set turnover_done = turnover_required where id = ${met}`.execute(database.db);
    try {
      // (The rows made by hand here break other promises too, which their own tests name.)
      expect(added(before, await violations())).toEqual(
        expect.arrayContaining([
          `claim ${claimId} ended while the round of bet ${txn}-bet was open`,
          `round ${txn}-open was never closed by its result or rollback`,
          `claim ${met}: turnover met, nothing left to decide, but still active`,
        ]),
      );
    } finally {
      await sql`delete from open_rounds where round_id = ${`${txn}-open`}`.execute(database.db);
      await sql`update player_promotions set status = 'COMPLETED', ended_at = now() where id = ${met}`.execute(
        database.db,
      );
    }
  });

  it('bonus money: an attacker’s forfeit that returned less than the bonus, and a bonus given under a time-out', async () => {
    const who = await fundedPlayer();
    const claimId = await fixedClaim(who);
    await sql`update player_promotions set status = 'FORFEITED', ended_at = now() - interval '1 day'
               where id = ${claimId}`.execute(database.db);
    const journal = baseJournal();
    journal.bonusAttacks.forfeitAway.push(who.phoneNumber);
    journal.bonusAttacks.excludedRelease.push(who.phoneNumber);
    const before = await violations();
    expect(added(before, await violations(journal))).toEqual([
      `forfeit-away ${who.phoneNumber}: claim ${claimId} returned 0 of its bonus 1000`,
      `excluded-release ${who.phoneNumber}: was given bonus under a time-out`,
      `excluded-release ${who.phoneNumber}: was given deposit points under a time-out`,
    ]);
  });

  it('a reference the bank paid that no payout of ours has, and a statement line we never read', async () => {
    const bank: BankBooks = {
      payouts: new Map([['WD999999-1', { status: 'PAID', amountMinor: 10_000, bankReference: 'SBKX' }]]),
      lines: 1,
    };
    const before = await violations();
    expect(added(before, await violations(baseJournal(), noBooks, bank))).toEqual([
      'the bank paid WD999999-1, which no payout of ours has',
      "the bank's statement has 1 lines, we read 0",
    ]);
  });

  it('a withdrawal the bank paid under two references, and a paid payout the bank does not know', async () => {
    const before = await violations();
    const entry = await database.db
      .insertInto('history')
      .values({
        player_id: await playerIdOf(database.db, player.phoneNumber),
        type: 'WITHDRAW',
        status: 'REJECTED',
        amount: 100,
        before_amount: 0,
        after_amount: 0,
        journal_entry_id: null,
        note: null,
      })
      .returning(['id', 'player_id'])
      .executeTakeFirstOrThrow();
    const payout = (reference: string) => ({
      history_id: entry.id,
      player_id: entry.player_id,
      reference,
      amount: 100,
      to_bank_code: 'KBANK',
      to_account: '1234567890',
      to_name: 'x',
      status: 'FAILED' as const,
      approved_by: 'auto',
    });
    await database.db
      .insertInto('payouts')
      .values([payout('WDT-1'), payout('WDT-2')])
      .execute();
    const bank: BankBooks = {
      payouts: new Map([
        ['WDT-1', { status: 'PAID', amountMinor: 100, bankReference: 'A' }],
        ['WDT-2', { status: 'PAID', amountMinor: 100, bankReference: 'B' }],
      ]),
      lines: 0,
    };
    try {
      expect(added(before, await violations(baseJournal(), noBooks, bank))).toEqual([
        'the bank paid WDT-1, but it is FAILED here (lost)',
        'the bank paid WDT-2, but it is FAILED here (lost)',
        `withdrawal ${entry.id} was paid 2 times: WDT-1, WDT-2`,
      ]);
    } finally {
      await database.db.deleteFrom('payouts').where('history_id', '=', entry.id).execute();
    }
  });
});
