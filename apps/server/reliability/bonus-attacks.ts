import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { PROTECTION_ADMIN_PATHS, PROTECTION_PATHS } from '@app/contracts/protection';
import { SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { type Answer, type Clients, field, newKey } from './client.ts';
import { sleep } from './cluster.ts';
import {
  type Action,
  checkAnswer,
  type Journal,
  nextReference,
  type Player,
  type WorkloadContext,
} from './workload.ts';

/**
 * The ways bonus money was once taken out without its turnover, as workload
 * raced against everything else the run does (kills and provider faults
 * included). Each attack registers a player of its own, so that nothing else
 * moves its money and what it may do is known exactly:
 * - forfeit-away: the welcome claimed, 1,000 deposited (1,500 with the
 *   bonus), everything moved to the transfer-wallet provider, the promotion
 *   forfeited (refused while the money is away), the money brought back and
 *   withdrawn (refused: the turnover is not done);
 * - all-in: the whole 1,500 on one WC round that wins 3,000, is rolled back or
 *   is lost, then the win or the refund withdrawn (refused);
 * - excluded-release: the welcome claimed, a time-out taken, a deposit held
 *   by it released by an operator: no bonus, and the money withdraws freely.
 * A forbidden success is a violation at once; verifyBonus checks the books
 * after the run.
 */
export type BonusAttackSetUp = { promotionId: number };

/** The welcome of the attacks: 50 % of the deposit, turnover 3 × (deposit + bonus), both games counting in full. */
export async function setUpBonusAttacks(clients: Clients, runTag: number): Promise<BonusAttackSetUp> {
  const answer = await clients.operator(ADMIN_PATHS.promotions, {
    counted: false,
    body: {
      kind: 'EVERY_DEPOSIT',
      percent: 50,
      turnoverMultiplier: 3,
      turnoverBase: 'DEPOSIT_AND_BONUS',
      contributionWc: 100,
      contributionUfa: 100,
      claimLimit: 'ONCE',
      texts: { en: { title: `Attack welcome ${runTag}`, terms: 'Reliability run' } },
    },
  });
  const id = field(answer, 'data', 'id');
  if (typeof id !== 'number') throw new Error(`the attacks' promotion: ${JSON.stringify(answer)}`);
  return { promotionId: id };
}

/** What the attacks did, and the players each kind used (the books are checked for them after the run). */
export type BonusAttackJournal = {
  forfeitAway: string[];
  allIn: string[];
  excludedRelease: string[];
  /** Every attacker's name at the provider: their provider credit is compared with the sandbox's books. */
  usernames: string[];
  /** Attackers registered so far: each one's phone and account numbers are the run's tag and this count. */
  registered: number;
};

export const newBonusAttackJournal = (): BonusAttackJournal => ({
  forfeitAway: [],
  allIn: [],
  excludedRelease: [],
  usernames: [],
  registered: 0,
});

const DEPOSIT_BAHT = 1000;
const PASSWORD = 'reliability-pass';

/** A name of letters only, unique to the attacker: a time-out refuses new accounts of the same name. */
const lettersOf = (number: number) => String(number).replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x');

export function bonusAttackActions(ctx: WorkloadContext): Action[] {
  const { clients, journal } = ctx;
  const attacks = journal.bonusAttacks;
  const tag = String(ctx.runTag).padStart(5, '0').slice(-4);

  /** A new player of the attack's own, signed in and known to WC; undefined when set-up met a fault (nothing tried). */
  async function attacker(): Promise<Player | undefined> {
    attacks.registered += 1;
    const serial = attacks.registered;
    const digits = `${tag}${String(serial).padStart(4, '0')}`;
    const phone = `06${digits}`;
    // Last four digits from 5001 on: no player or attack pair of the run has them, so a masked sender fits one.
    const bankNumber = `5${tag}${String(5000 + serial).padStart(5, '0')}`;
    const registered = await clients.request(API_PATHS.register, {
      body: {
        agentId: 1,
        fullName: `Bonus Attacker ${lettersOf(ctx.runTag * 10_000 + serial)}`,
        bankCode: 'KBANK',
        bankNumber,
        phoneNumber: phone,
        password: PASSWORD,
      },
    });
    checkAnswer(journal, `register attacker ${phone}`, registered);
    if (registered?.status !== 200) return undefined;
    const login = await clients.request(API_PATHS.login, { body: { username: phone, password: PASSWORD } });
    const token = field(login, 'data', 'token');
    if (typeof token !== 'string') return undefined;
    const username = field(await clients.player(token, API_PATHS.profile), 'data', 'username');
    if (typeof username !== 'string') return undefined;
    attacks.usernames.push(username);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const launched = await clients.player(token, API_PATHS.launchGame, { body: { gameCode: 'WC' } });
      if (launched?.status === 200) return { id: -1000 - serial, phone, bankNumber, username, token };
      await sleep(200);
    }
    return undefined;
  }

  const claim = (player: Player) =>
    clients.player(player.token, fillPath(API_PATHS.promotionClaim, { id: ctx.bonus.promotionId }), { body: {} });

  /** A deposit by the bank feed from the player's own account; answers what the feed did with it. */
  async function deposit(player: Player, baht: number): Promise<string | undefined> {
    const answer = await clients.bankFeed(WEBHOOK_PATHS.bankTransfers, {
      reference: nextReference(ctx, 'RB'),
      fromBankCode: 'KBANK',
      fromAccountNumber: player.bankNumber,
      toAccountNumber: ctx.house,
      amount: baht,
      transferredAt: new Date().toISOString(),
    });
    checkAnswer(journal, `attack deposit ${player.phone}`, answer);
    const result = field(answer, 'data', 'result');
    return typeof result === 'string' ? result : undefined;
  }

  /** The welcome claimed and 1,000 baht credited with its bonus; false when a fault got in the way. */
  async function welcomed(player: Player): Promise<boolean> {
    if ((await claim(player))?.status !== 200) return false;
    if ((await deposit(player, DEPOSIT_BAHT)) !== 'credited') return false;
    const promotions = await clients.player(player.token, API_PATHS.promotions);
    return field(promotions, 'data', 'current', 'status') === 'ACTIVE';
  }

  const withdraw = (player: Player, amount: number) =>
    clients.player(player.token, API_PATHS.withdraw, {
      body: { amount },
      headers: { 'Idempotency-Key': newKey('bw') },
    });

  const forfeit = (player: Player) => clients.player(player.token, API_PATHS.promotionForfeit, { body: {} });

  /** Bonus money leaving with its turnover not done: the one thing these attacks must never see. */
  function refuseEscape(what: string, answer: Answer) {
    checkAnswer(journal, what, answer);
    if (answer?.status === 200) journal.violations.push(`${what}: answered 200 with the bonus's turnover not done`);
  }

  async function transfer(player: Player, path: string): Promise<string | undefined> {
    const answer = await clients.player(player.token, path, { body: {}, headers: { 'Idempotency-Key': newKey('bt') } });
    checkAnswer(journal, `attack transfer ${player.phone}`, answer);
    const status = field(answer, 'data', 'status');
    return typeof status === 'string' ? status : undefined;
  }

  async function forfeitAway() {
    const player = await attacker();
    if (!player || !(await welcomed(player))) return;
    attacks.forfeitAway.push(player.phone);
    const out = await transfer(player, API_PATHS.transferOut);
    if (out === 'COMPLETED' || out === 'PENDING') {
      const early = await forfeit(player);
      checkAnswer(journal, `forfeit-away ${player.phone}`, early);
      // Only a transfer known to have arrived makes a 200 wrong here: a PENDING one may have failed and its money
      // come home before the forfeit, which then rightly takes back the whole bonus (verifyBonus checks that).
      if (early?.status === 200 && out === 'COMPLETED')
        journal.violations.push(`forfeit-away ${player.phone}: forfeited with the money away`);
    }
    // Back home (a pending transfer is settled by the reconciler first: a few tries).
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const back = await transfer(player, API_PATHS.transferIn);
      if (back === 'COMPLETED' || back === undefined) break;
      await sleep(500);
    }
    refuseEscape(`forfeit-away ${player.phone}: withdrawal of the whole balance`, await withdraw(player, 1500));
    checkAnswer(journal, `forfeit-away ${player.phone}: forfeit`, await forfeit(player));
  }

  async function allIn() {
    const player = await attacker();
    if (!player || !(await welcomed(player))) return;
    attacks.allIn.push(player.phone);
    const outcome = ctx.random.pick(['win', 'rollback', 'lose'] as const);
    const round = await clients.sandbox(SANDBOX_CONTROL_PATHS.wcRound, {
      playerRef: player.username,
      betMinor: 150_000,
      outcome,
      ...(outcome === 'win' ? { winMinor: 300_000 } : {}),
    });
    if (round?.status === 200) journal.rounds += 1;
    if (outcome === 'win')
      refuseEscape(`all-in ${player.phone}: withdrawal of the round's win`, await withdraw(player, 3000));
    if (outcome === 'rollback') {
      refuseEscape(`all-in ${player.phone}: withdrawal of the rolled-back stake`, await withdraw(player, 1500));
    }
  }

  async function excludedRelease() {
    const player = await attacker();
    if (!player || (await claim(player))?.status !== 200) return;
    const timeOut = await clients.player(player.token, PROTECTION_PATHS.exclusion, {
      body: { kind: 'TIMEOUT', length: '24h' },
    });
    checkAnswer(journal, `excluded-release ${player.phone}: time-out`, timeOut);
    if (timeOut?.status !== 200) return;
    attacks.excludedRelease.push(player.phone);
    if ((await deposit(player, DEPOSIT_BAHT)) !== 'held') return;
    const view = await clients.player(player.token, PROTECTION_PATHS.protection);
    const held = (field(view, 'data', 'held') as { id: number; status: string }[] | undefined)?.find(
      (item) => item.status === 'HELD',
    );
    if (!held) return;
    const released = await clients.operator(fillPath(PROTECTION_ADMIN_PATHS.heldRelease, { id: held.id }), {
      body: { reason: 'the player asked for their money' },
    });
    checkAnswer(journal, `excluded-release ${player.phone}: release`, released);
    if (released?.status !== 200) return;
    // No promotion started: the money is the player's own, free to withdraw.
    const withdrawn = await withdraw(player, DEPOSIT_BAHT);
    checkAnswer(journal, `excluded-release ${player.phone}: withdrawal`, withdrawn);
    if (field(withdrawn, 'data', 'errorCode') === 'PROMOTION_TURNOVER_UNMET') {
      journal.violations.push(`excluded-release ${player.phone}: a promotion started under the time-out`);
    }
  }

  return [
    { name: 'bonus-forfeit-away', weight: 1, run: () => forfeitAway() },
    { name: 'bonus-all-in', weight: 1, run: () => allIn() },
    { name: 'bonus-excluded-release', weight: 0.5, run: () => excludedRelease() },
  ];
}

/** What the run's log says of the bonus attacks. */
export function describeBonusAttacks(journal: Journal): string {
  const { forfeitAway, allIn, excludedRelease } = journal.bonusAttacks;
  return `${forfeitAway.length} forfeits with the money away, ${allIn.length} all-in rounds, ${excludedRelease.length} releases under a time-out`;
}

/**
 * After the run, that no bonus left without its turnover:
 * - no withdrawal was accepted while a requirement of its player was ACTIVE
 *   (after its bonus's journal, before it ended);
 * - no requirement ended (completed or below the floor) while a round whose
 *   bet counted toward it was still open: its result or rollback came later;
 * - every round the wallet opened was closed (its result or rollback came);
 * - no requirement is left ACTIVE with its turnover met, but one capped at a
 *   withdrawal whose money is still away at a provider;
 * - a forfeit-away attacker's forfeit returned the whole bonus (they never
 *   bet: all of it was in the wallet once the money was home);
 * - an excluded-release attacker was given no bonus and no deposit points.
 */
export async function verifyBonus(db: Db, journal: Journal, fail: (message: string) => void) {
  const duringClaim = await sql<{ id: number; claim: number }>`
    select h.id, c.id as claim from history h
      join player_promotions c on c.player_id = h.player_id
     where h.type = 'WITHDRAW' and coalesce(h.note, '') not like 'held:%'
       and c.bonus_journal_id is not null and h.journal_entry_id > c.bonus_journal_id
       and (c.status = 'ACTIVE' or h.created_at < c.ended_at)`.execute(db);
  for (const row of duringClaim.rows) fail(`withdrawal ${row.id} was accepted while claim ${row.claim} was open`);

  const endedEarly = await sql<{ id: number; bet: string }>`
    select distinct c.id, bet.txn_id as bet from player_promotions c
      join turnover_bets tb on tb.player_promotion_id = c.id
      join seamless_transactions bet on bet.provider = tb.provider and bet.txn_id = tb.reference and bet.kind = 'BET'
      join seamless_transactions r on r.provider = bet.provider and r.player_id = bet.player_id
           and (r.answer ->> 'ok') = 'true'
           and ((r.kind = 'WIN' and r.round_id = bet.round_id)
                or (r.kind = 'ROLLBACK' and r.bet_txn_id = bet.txn_id and r.journal_entry_id is not null))
     where c.status in ('COMPLETED', 'ENDED_LOW_BALANCE') and r.created_at > c.ended_at`.execute(db);
  for (const row of endedEarly.rows) fail(`claim ${row.id} ended while the round of bet ${row.bet} was open`);

  const open = await sql<{ round_id: string }>`select round_id from open_rounds`.execute(db);
  for (const row of open.rows) fail(`round ${row.round_id} was never closed by its result or rollback`);

  const metOpen = await sql<{ id: number }>`
    select c.id from player_promotions c
     where c.status = 'ACTIVE' and c.turnover_done >= c.turnover_required
       and not (c.max_withdraw_satang is not null and player_money_away(c.player_id) > 0)`.execute(db);
  for (const row of metOpen.rows) fail(`claim ${row.id}: turnover met, nothing left to decide, but still active`);

  const attacks = journal.bonusAttacks;
  const forfeited = await sql<{ id: number; phone: string; bonus: number; returned: number }>`
    select c.id, p.phone_number as phone, c.bonus_satang as bonus, c.returned_satang as returned
      from player_promotions c join players p on p.id = c.player_id
     where c.status = 'FORFEITED' and p.phone_number = any(${attacks.forfeitAway})`.execute(db);
  for (const row of forfeited.rows) {
    if (Number(row.returned) !== Number(row.bonus)) {
      fail(`forfeit-away ${row.phone}: claim ${row.id} returned ${row.returned} of its bonus ${row.bonus}`);
    }
  }
  const given = await sql<{ phone: string; kind: string }>`
    select p.phone_number as phone, 'bonus' as kind from history h join players p on p.id = h.player_id
     where h.type in ('BONUS', 'REWARD_CREDIT') and p.phone_number = any(${attacks.excludedRelease})
    union all
    select p.phone_number, 'deposit points' from points_lots l join players p on p.id = l.player_id
     where l.source = 'DEPOSIT' and p.phone_number = any(${attacks.excludedRelease})`.execute(db);
  for (const row of given.rows) fail(`excluded-release ${row.phone}: was given ${row.kind} under a time-out`);
}
