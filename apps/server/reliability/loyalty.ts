import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { type Clients, field, newKey } from './client.ts';
import type { Random } from './rng.ts';
import type { Action, Journal, Player } from './workload.ts';
import { checkAnswer, recordKeyed } from './workload.ts';

/**
 * Loyalty in the bank test: players claim promotions (a deposit bonus and a
 * fixed one), forfeit them, bet under their turnover (the WC rounds of the
 * workload), and redeem rewards (a credit, and an item an operator sends or
 * cancels), under the same kills and provider faults as everything else.
 */
export type LoyaltySetUp = { promotions: number[]; creditReward: number; itemReward: number };

export async function setUpLoyalty(clients: Clients, runTag: number): Promise<LoyaltySetUp> {
  const setUp = { counted: false };
  const created = async (path: string, body: unknown) => {
    const answer = await clients.operator(path, { ...setUp, body });
    const id = field(answer, 'data', 'id');
    if (typeof id !== 'number') throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return id;
  };
  const texts = (title: string) => ({ en: { title: `${title} ${runTag}`, terms: 'Reliability run' } });
  const deposit = await created(ADMIN_PATHS.promotions, {
    kind: 'EVERY_DEPOSIT',
    percent: 20,
    capSatang: 30_000,
    minDepositSatang: 10_000,
    turnoverMultiplier: 3,
    turnoverBase: 'BONUS',
    claimLimit: 'DAILY',
    texts: texts('Deposit bonus'),
  });
  const fixed = await created(ADMIN_PATHS.promotions, {
    kind: 'FIXED',
    fixedSatang: 2_000,
    turnoverMultiplier: 5,
    turnoverBase: 'BONUS',
    contributionWc: 50,
    claimLimit: 'DAILY',
    texts: texts('Fixed bonus'),
  });
  const creditReward = await created(ADMIN_PATHS.rewards, {
    name: `Credit 5 baht ${runTag}`,
    imageUrl: 'free-credit-100.png',
    kind: 'credit',
    pricePoints: 1,
    creditSatang: 500,
  });
  const itemReward = await created(ADMIN_PATHS.rewards, {
    name: `Item ${runTag}`,
    imageUrl: 'earbuds.png',
    kind: 'item',
    pricePoints: 1,
    stock: 100_000,
  });
  return { promotions: [deposit, fixed], creditReward, itemReward };
}

export function loyaltyActions(clients: Clients, journal: Journal, random: Random, loyalty: LoyaltySetUp): Action[] {
  async function claim(player: Player) {
    const id = random.pick(loyalty.promotions);
    const answer = await clients.player(player.token, fillPath(API_PATHS.promotionClaim, { id }), { body: {} });
    checkAnswer(journal, `claim ${id}`, answer);
    if (answer?.status === 200) journal.loyalty.claims += 1;
  }

  async function forfeit(player: Player) {
    const answer = await clients.player(player.token, API_PATHS.promotionForfeit, { body: {} });
    checkAnswer(journal, 'forfeit', answer);
    if (answer?.status === 200) journal.loyalty.forfeits += 1;
  }

  /** A redemption; a third of the time a double tap: two copies at once with one Idempotency-Key. */
  async function redeem(player: Player) {
    const rewardId = random.chance(0.6) ? loyalty.creditReward : loyalty.itemReward;
    const key = newKey('rd');
    const copies = random.chance(0.3) ? 2 : 1;
    if (copies > 1) journal.attacks.doubleTaps += 1;
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        clients.player(player.token, fillPath(API_PATHS.rewardRedeem, { id: rewardId }), {
          body: {},
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
    recordKeyed(journal, journal.loyalty.redemptions, key, player, answers, 'redeem', ['data', 'redemption', 'id']);
  }

  return [
    { name: 'claim', weight: 5, run: claim },
    { name: 'forfeit', weight: 2, run: forfeit },
    { name: 'redeem', weight: 4, run: redeem },
  ];
}

/**
 * An operator at the fulfilment queue: sends or cancels a waiting item; a
 * quarter of the time two operators decide the same item at once (one must
 * win, the other hear 409). Returns whether there was anything to decide.
 */
export async function decideRedemption(clients: Clients, journal: Journal, random: Random): Promise<boolean> {
  // The queue's first page, oldest first.
  const list = await clients.operator(`${ADMIN_PATHS.redemptions}?status=WAITING&limit=100`);
  checkAnswer(journal, 'redemption queue', list);
  const items = (field(list, 'data', 'items') as { id: number }[] | undefined) ?? [];
  if (items.length === 0) return false;
  const item = random.pick(items);
  const race = random.chance(0.25);
  if (race) journal.attacks.decisionRaces += 1;
  const choices: ('send' | 'cancel')[] = race ? ['send', 'cancel'] : [random.chance(0.7) ? 'send' : 'cancel'];
  const answers = await Promise.all(
    choices.map((choice) =>
      clients.operator(
        fillPath(choice === 'send' ? ADMIN_PATHS.redemptionSend : ADMIN_PATHS.redemptionCancel, { id: item.id }),
        { body: { note: 'reliability run' } },
      ),
    ),
  );
  for (const answer of answers) checkAnswer(journal, `redemption decision ${item.id}`, answer);
  const winners = choices.filter((_, index) => answers[index]?.status === 200);
  if (winners.length > 1) journal.violations.push(`redemption ${item.id}: two decisions both answered 200`);
  const winner = winners[0];
  if (winner) journal.loyalty.decisions.set(item.id, winner);
  return true;
}

/**
 * After the run, beyond the ledger check (which holds points to their lots
 * and the bonus account to the bonus history): every answered redemption
 * exists once, for its player; a decided item is in the state the winning
 * operator chose (the ledger check holds a cancelled one to its points
 * returned); every WC bet the
 * wallet took counts once toward turnover and stops counting exactly when it
 * was rolled back; an open requirement's turnover is the sum of the bets it
 * counted, a completed one reached its requirement (verifyBonus checks that
 * none is left open once met).
 */
export async function verifyLoyalty(db: Db, journal: Journal, fail: (message: string) => void) {
  const players = await db.selectFrom('players').select(['id', 'phone_number']).execute();
  const idOfPhone = new Map(players.map((player) => [player.phone_number, player.id]));
  const rows = await db.selectFrom('redemptions').select(['id', 'player_id', 'status']).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const [key, answered] of journal.loyalty.redemptions) {
    if (answered.entryId === undefined) continue;
    const row = byId.get(answered.entryId);
    if (!row) fail(`redemption ${key}: answered ${answered.entryId}, which does not exist`);
    else if (row.player_id !== idOfPhone.get(answered.phone)) {
      fail(`redemption ${key}: ${answered.entryId} belongs to player ${row.player_id}, not ${answered.phone}`);
    }
  }
  for (const [id, decision] of journal.loyalty.decisions) {
    const row = byId.get(id);
    const expected = decision === 'send' ? 'SENT' : 'CANCELLED';
    if (row?.status !== expected) fail(`redemption ${id}: decided ${decision}, but it is ${row?.status}`);
  }

  const bets = await sql<{ txn_id: string; counted: number; voided: boolean; rolled_back: boolean }>`
    select bet.txn_id,
           (select count(*)::int from turnover_bets tb where tb.provider = bet.provider and tb.reference = bet.txn_id) as counted,
           exists (select 1 from turnover_bets tb where tb.provider = bet.provider and tb.reference = bet.txn_id
                     and tb.voided_at is not null) as voided,
           exists (select 1 from seamless_transactions rb where rb.provider = bet.provider and rb.bet_txn_id = bet.txn_id
                     and rb.kind = 'ROLLBACK' and rb.journal_entry_id is not null) as rolled_back
      from seamless_transactions bet
     where bet.kind = 'BET' and bet.journal_entry_id is not null`.execute(db);
  for (const bet of bets.rows) {
    if (bet.counted !== 1) fail(`WC bet ${bet.txn_id} counts ${bet.counted} times toward turnover`);
    if (bet.voided !== bet.rolled_back) {
      fail(
        `WC bet ${bet.txn_id}: ${bet.rolled_back ? 'rolled back but still counts' : 'stopped counting without a rollback'}`,
      );
    }
  }

  const claims = await sql<{ id: number; status: string; done: string; required: string; counted: string }>`
    select c.id, c.status, c.turnover_done::text as done, c.turnover_required::text as required,
           coalesce((select sum(counted_satang) from turnover_bets tb
                      where tb.player_promotion_id = c.id and tb.voided_at is null), 0)::text as counted
      from player_promotions c where c.status in ('ACTIVE', 'COMPLETED')`.execute(db);
  for (const claim of claims.rows) {
    const done = Number(claim.done);
    if (claim.status === 'ACTIVE' && done !== Number(claim.counted)) {
      fail(`promotion claim ${claim.id}: turnover ${done} but its counted bets sum to ${claim.counted}`);
    }
    if (claim.status === 'COMPLETED' && done < Number(claim.required)) {
      fail(`promotion claim ${claim.id}: completed at ${done} / ${claim.required}`);
    }
  }
}
