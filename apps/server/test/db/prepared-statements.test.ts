import { API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/db/database.ts';
import { preparedNameOf, preparedStatement } from '../../src/db/prepared.ts';
import { receiveBankTransfer } from '../../src/modules/deposits/bank-feed.service.ts';
import { depositRepository } from '../../src/modules/deposits/deposit.repository.ts';
import { historyRepository } from '../../src/modules/history/history.repository.ts';
import { HISTORY_LISTS } from '../../src/modules/history/history.service.ts';
import { ensureHouseAccounts, UFA_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { readWithdrawalToScore } from '../../src/modules/payouts/risk.ts';
import { playerRepository } from '../../src/modules/player/player.repository.ts';
import { depositPlayer, transferFrom } from '../support/deposits.ts';
import { sendBankTransfer } from '../support/money.ts';
import { bearer, credit, newPlayer, onPostgres, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The balance read and a history page go out as named
 * prepared statements (db/prepared.ts), so that each PostgreSQL connection
 * parses them once instead of planning them on every read.
 */
describe('named prepared statements', () => {
  it('a name stands for one text: registering it again for another text is refused; an unregistered text has none', () => {
    const text = 'select 1 as one -- prepared-statements.test';
    expect(preparedStatement('prepared_statements_test', text)).toBe(text);
    expect(preparedStatement('prepared_statements_test', text)).toBe(text);
    expect(preparedNameOf(text)).toBe('prepared_statements_test');
    expect(() => preparedStatement('prepared_statements_test', 'select 2')).toThrow(/taken/);
    expect(preparedNameOf('select 2')).toBeUndefined();
    expect(preparedNameOf(undefined)).toBeUndefined();
  });
});

describe.runIf(onPostgres())('on PostgreSQL, the hottest reads are prepared once per connection', () => {
  let t: TestContext;
  // One connection, so that pg_prepared_statements (which lists a connection's own) shows what the reads prepared.
  let single: DatabaseHandle;
  beforeAll(async () => {
    t = await testApp();
    single = await openPostgres(process.env.TEST_DATABASE_URL ?? '', { poolSize: 1, searchPath: inject('pgSchema') });
  });
  afterAll(async () => {
    await single?.close();
  });

  it('the balance read, a history page, the risk facts, a slip’s transfer by reference and a bank-feed delivery are prepared under their names, read what they read unnamed, and nothing else is', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 125);
    const session = await sql<{ sessionId: string; playerId: number }>`
      select s.id as "sessionId", s.player_id::int as "playerId"
        from sessions s join players p on p.id = s.player_id
       where p.phone_number = ${player.phoneNumber}
       order by s.created_at desc limit 1`.execute(t.database.db);
    const active = session.rows[0];
    if (!active) throw new Error('the new player has no session');
    const page = { types: HISTORY_LISTS.history, limit: 100, offset: 0 };

    for (let read = 0; read < 3; read += 1) {
      const accounts = await playerRepository.accountsForSession(single.db, active, UFA_PROVIDER);
      expect(accounts).toEqual(await playerRepository.accountsForSession(t.database.db, active, UFA_PROVIDER));
      expect(accounts.find((account) => account.kind === 'PLAYER_MAIN')?.balance).toBe(12_500);
      const history = await historyRepository.playerPageForSession(single.db, active, page);
      expect(history).toEqual(await historyRepository.playerPageForSession(t.database.db, active, page));
      expect(history?.total).toBe(1);
    }
    // The risk rules' facts about a withdrawal (payouts/risk.ts), read as every withdrawal reads them.
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: bearer(player.token),
      payload: { amount: 100 },
    });
    expect(withdrawal.statusCode).toBe(200);
    const historyId = withdrawal.json().data.id as number;
    for (let read = 0; read < 3; read += 1) {
      const toScore = await readWithdrawalToScore(single.db, historyId);
      expect(toScore?.facts.amount).toBe(10_000);
      expect(toScore?.facts).toEqual((await readWithdrawalToScore(t.database.db, historyId))?.facts);
    }
    // The transfer by reference (deposit.repository.ts), as a slip upload reads it.
    const payer = await depositPlayer(t);
    const delivery = transferFrom(payer, 150);
    expect((await sendBankTransfer(t.app, delivery)).json().data.result).toBe('credited');
    const reference = delivery.reference.toUpperCase();
    for (let read = 0; read < 3; read += 1) {
      const transfer = await depositRepository.findTransferByReference(single.db, reference);
      expect(transfer).toMatchObject({ reference, amount: 15_000, playerId: payer.id, status: 'CREDITED' });
      expect(transfer).toEqual(await depositRepository.findTransferByReference(t.database.db, reference));
    }
    // A delivery itself (bank-feed.service.ts): its locks, what it decides on and the credit, one prepared statement.
    const sent = transferFrom(payer, 175);
    const delivered = await receiveBankTransfer(
      { db: single.db, house: await ensureHouseAccounts(single.db) },
      {
        reference: sent.reference,
        fromBankCode: sent.fromBankCode,
        fromAccountNumber: sent.fromAccountNumber,
        toAccountNumber: sent.toAccountNumber,
        amountSatang: 17_500,
        transferredAt: new Date(sent.transferredAt),
      },
    );
    expect(delivered.result).toBe('credited');
    const prepared = await sql<{ name: string }>`select name from pg_prepared_statements order by name`.execute(
      single.db,
    );
    expect(prepared.rows.map((row) => row.name)).toEqual([
      'accounts_for_session',
      'bank_feed_deliver',
      'player_history_page',
      'transfer_by_reference',
      'withdrawal_risk_facts',
    ]);
  });
});
