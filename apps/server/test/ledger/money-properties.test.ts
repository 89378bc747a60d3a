import { DEPOSIT_SLIPS_WAITING_MAX, SLIP_UPLOADS_PER_PLAYER_MAX } from '@app/contracts/limits';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { sendBankTransfer, serviceKey, uniqueReference, uploadSlip } from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import { bearer, newPlayer, playerIdOf, type TestContext, type TestPlayer, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const HOUSE_ACCOUNT = '0381234567';

/** What the wallet should hold: per player, the main balance, and what waits for an operator. */
type Model = {
  balances: number[];
  waitingWithdrawals: { id: number; player: number; amount: number }[];
  waitingDeposits: { id: number; player: number; amount: number; reference: string }[];
  /** Slips each player sent, refused or not: they are throttled per player. */
  slipUploads: number[];
};
type Real = { players: (TestPlayer & { id: number })[] };

const satangOf = (baht: number) => Math.round(baht * 100);

async function realBalance(real: Real, player: number): Promise<number> {
  const target = real.players[player];
  if (!target) throw new Error('no such player');
  return (await readPlayerBalances(t.database.db, target.id)).mainSatang;
}

async function expectBalances(model: Model, real: Real): Promise<void> {
  for (let i = 0; i < real.players.length; i += 1) expect(await realBalance(real, i)).toBe(model.balances[i]);
}

function player(real: Real, index: number) {
  const found = real.players[index];
  if (!found) throw new Error(`no player ${index}`);
  return found;
}

/**
 * Feed deposits use whole baht and slip deposits end in .50, so a feed
 * transfer never matches a slip by amount by chance: each command's outcome
 * is known without replaying the matching rules in the model.
 */
class FeedDeposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly baht: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const target = player(real, this.who);
    const response = await sendBankTransfer(t.app, {
      reference: uniqueReference('PF'),
      fromBankCode: 'KBANK',
      fromAccountNumber: target.bankNumber,
      toAccountNumber: HOUSE_ACCOUNT,
      amount: this.baht,
      transferredAt: new Date().toISOString(),
    });
    expect(response.json().data.result).toBe('credited');
    model.balances[this.who] = (model.balances[this.who] ?? 0) + satangOf(this.baht);
    await expectBalances(model, real);
  }
  toString = () => `feed(${this.who}, ${this.baht})`;
}

class SlipDeposit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly baht: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const reference = uniqueReference('PS');
    const image = await slipImage(slipPayload({ sendingBank: '004', reference }));
    const response = await uploadSlip(t.app, player(real, this.who).token, { amount: this.baht.toFixed(2), image });
    const sent = model.slipUploads[this.who] ?? 0;
    model.slipUploads[this.who] = sent + 1;
    const waiting = model.waitingDeposits.filter((deposit) => deposit.player === this.who).length;
    if (sent >= SLIP_UPLOADS_PER_PLAYER_MAX || waiting >= DEPOSIT_SLIPS_WAITING_MAX) {
      const refusal = sent >= SLIP_UPLOADS_PER_PLAYER_MAX ? 'TOO_MANY_ATTEMPTS' : 'DEPOSITS_WAITING_TOO_MANY';
      expect(response.json().data.errorCode).toBe(refusal);
      await expectBalances(model, real);
      return;
    }
    expect(response.json().data.result).toBe('WAITING');
    model.waitingDeposits.push({
      id: response.json().data.entry.id,
      player: this.who,
      amount: satangOf(this.baht),
      reference,
    });
    await expectBalances(model, real);
  }
  toString = () => `slip(${this.who}, ${this.baht})`;
}

/** The bank feed reports the transfer of a waiting slip: that deposit is credited, once. */
class FeedConfirmsSlip implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => model.waitingDeposits.length > 0;
  async run(model: Model, real: Real) {
    const [deposit] = model.waitingDeposits.splice(this.pick % model.waitingDeposits.length, 1);
    if (!deposit) throw new Error('checked');
    const response = await sendBankTransfer(t.app, {
      reference: deposit.reference,
      fromBankCode: '004',
      fromAccountNumber: player(real, deposit.player).bankNumber,
      toAccountNumber: HOUSE_ACCOUNT,
      amount: deposit.amount / 100,
      transferredAt: new Date().toISOString(),
    });
    expect(response.json().data.result).toBe('credited');
    model.balances[deposit.player] = (model.balances[deposit.player] ?? 0) + deposit.amount;
    await expectBalances(model, real);
  }
  toString = () => `feedConfirmsSlip(${this.pick})`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly baht: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const amount = satangOf(this.baht);
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: bearer(player(real, this.who).token),
      payload: { amount: this.baht },
    });
    const balance = model.balances[this.who] ?? 0;
    if (amount < 10_000) expect(response.json().data.errorCode).toBe('AMOUNT_BELOW_MINIMUM');
    else if (amount >= 5_000_000) expect(response.json().data.errorCode).toBe('AMOUNT_ABOVE_MAXIMUM');
    else if (amount > balance) expect(response.json().data.errorCode).toBe('AG_INSUFFICIENT_AMOUNT');
    else {
      expect(response.statusCode).toBe(200);
      model.balances[this.who] = balance - amount;
      model.waitingWithdrawals.push({ id: response.json().data.id, player: this.who, amount });
    }
    await expectBalances(model, real);
  }
  toString = () => `withdraw(${this.who}, ${this.baht})`;
}

/** An operator decides a waiting withdrawal or deposit: approve or reject. */
class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: 'withdrawal' | 'deposit',
    readonly approve: boolean,
    readonly pick: number,
  ) {}
  private queue(model: Readonly<Model>) {
    return this.kind === 'withdrawal' ? model.waitingWithdrawals : model.waitingDeposits;
  }
  check = (model: Readonly<Model>) => this.queue(model).length > 0;
  async run(model: Model, real: Real) {
    const queue = this.kind === 'withdrawal' ? model.waitingWithdrawals : model.waitingDeposits;
    const [entry] = queue.splice(this.pick % queue.length, 1);
    if (!entry) throw new Error('checked');
    const path = {
      withdrawal: this.approve ? ADMIN_PATHS.withdrawalApprove : ADMIN_PATHS.withdrawalReject,
      deposit: this.approve ? ADMIN_PATHS.depositApprove : ADMIN_PATHS.depositReject,
    }[this.kind];
    const response = await t.app.inject({
      method: 'POST',
      url: fillPath(path, { id: entry.id }),
      headers: serviceKey,
      payload: this.approve ? {} : { reason: 'property test' },
    });
    expect(response.statusCode).toBe(200);
    const refund = this.kind === 'withdrawal' && !this.approve;
    const credit = this.kind === 'deposit' && this.approve;
    if (refund || credit) model.balances[entry.player] = (model.balances[entry.player] ?? 0) + entry.amount;
    await expectBalances(model, real);
  }
  toString = () => `${this.approve ? 'approve' : 'reject'}-${this.kind}(${this.pick})`;
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: number,
    readonly direction: 'credit' | 'debit',
    readonly baht: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const response = await t.app.inject({
      method: 'POST',
      url: fillPath(this.direction === 'credit' ? ADMIN_PATHS.playerCredit : ADMIN_PATHS.playerDebit, {
        id: player(real, this.who).id,
      }),
      headers: serviceKey,
      payload: { amount: this.baht, reason: 'property test' },
    });
    const amount = satangOf(this.baht);
    const balance = model.balances[this.who] ?? 0;
    if (this.direction === 'debit' && amount > balance) {
      expect(response.json().data.errorCode).toBe('AG_INSUFFICIENT_AMOUNT');
    } else {
      expect(response.statusCode).toBe(200);
      model.balances[this.who] = balance + (this.direction === 'credit' ? amount : -amount);
    }
    await expectBalances(model, real);
  }
  toString = () => `${this.direction}(${this.who}, ${this.baht})`;
}

const PLAYERS = 2;
const who = fc.integer({ min: 0, max: PLAYERS - 1 });
const wholeBaht = fc.integer({ min: 1, max: 3000 });
const halfBaht = fc.integer({ min: 1, max: 3000 }).map((baht) => baht + 0.5);
const anyBaht = fc.oneof(
  fc.integer({ min: 1, max: 60_000 }),
  fc.integer({ min: 1, max: 6_000_000 }).map((s) => s / 100),
);

const commands = fc.commands(
  [
    fc.tuple(who, wholeBaht).map(([w, b]) => new FeedDeposit(w, b)),
    fc.tuple(who, halfBaht).map(([w, b]) => new SlipDeposit(w, b)),
    fc.nat().map((pick) => new FeedConfirmsSlip(pick)),
    fc.tuple(who, anyBaht).map(([w, b]) => new Withdraw(w, b)),
    fc
      .tuple(fc.constantFrom('withdrawal' as const, 'deposit' as const), fc.boolean(), fc.nat())
      .map(([kind, approve, pick]) => new Decide(kind, approve, pick)),
    fc
      .tuple(who, fc.constantFrom('credit' as const, 'debit' as const), wholeBaht)
      .map(([w, d, b]) => new Adjust(w, d, b)),
  ],
  { maxCommands: 20 },
);

describe('money under random sequences (fast-check)', () => {
  it('any sequence of feed and slip deposits, withdrawals, approvals, rejections and manual adjustments keeps every balance as the model says, never negative, and the ledger check passes', async () => {
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const players: Real['players'] = [];
        for (let i = 0; i < PLAYERS; i += 1) {
          const registered = await newPlayer(t.app);
          players.push({ ...registered, id: await playerIdOf(t.database.db, registered.phoneNumber) });
        }
        const model: Model = {
          balances: players.map(() => 0),
          waitingWithdrawals: [],
          waitingDeposits: [],
          slipUploads: players.map(() => 0),
        };
        await fc.asyncModelRun(() => ({ model, real: { players } }), sequence);
        for (const balance of model.balances) expect(balance).toBeGreaterThanOrEqual(0);
        const ledger = await checkLedger(t.database.db);
        expect(ledger.problems).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});
