import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import { slipImage, slipPayload } from '../src/modules/demo/demo-slip.ts';
import { type AttackPair, attackActions } from './attacks.ts';
import {
  type BonusAttackJournal,
  type BonusAttackSetUp,
  bonusAttackActions,
  newBonusAttackJournal,
} from './bonus-attacks.ts';
import { type Answer, type Clients, field, newKey } from './client.ts';
import { type Cluster, sleep } from './cluster.ts';
import { decideRedemption, type LoyaltySetUp, loyaltyActions } from './loyalty.ts';
import type { Random } from './rng.ts';

export type Player = {
  id: number;
  phone: string;
  bankNumber: string;
  username: string;
  token: string;
};

/**
 * What the clients did and what they were told: every key and reference they
 * used, whether an answer acknowledged it, and what it said. The checks after
 * the run compare this with the database.
 */
export type Journal = {
  /**
   * Bank references delivered by the feed: the player whose account sent it,
   * whether a delivery was answered, and whether the sender as delivered
   * (masked) fits several players, so that only an operator may credit it.
   */
  feed: Map<string, { phone: string; acked: boolean; ambiguous?: boolean }>;
  /** References delivered with an amount of more than two decimals: each must be refused and never recorded. */
  refusedAmounts: Map<string, number>;
  /** Slip deposits by Idempotency-Key: the history entry the answer named, if one was answered. */
  slips: Map<string, { phone: string; entryId: number | undefined }>;
  /** Withdrawals by Idempotency-Key: the entry an answer named (every answer of one key must name the same). */
  withdrawals: Map<string, { phone: string; entryId: number | undefined }>;
  /** Operator decisions that were answered 200: entry id → what was decided. */
  decisions: Map<number, { kind: 'withdrawal' | 'deposit'; decision: 'approve' | 'reject' }>;
  /** Transfers by Idempotency-Key: the status answered, if any. */
  transfers: Map<string, { phone: string; status: string | undefined }>;
  /** WC rounds the sandbox played through our callbacks. */
  rounds: number;
  /**
   * The sandbox provider killed (SIGKILL) and started again mid-run: how often, whether it is down now, and the
   * WC rounds whose answer the kill cut off (not a violation: what the sandbox had written before it died must
   * still agree with our books at the end, which verify.ts checks).
   */
  sandbox: { kills: number; down: boolean; roundsCut: number };
  /** How often the clients attacked on purpose: deliveries twice at once, double taps, two operators at once. */
  attacks: {
    duplicateDeliveries: number;
    doubleTaps: number;
    decisionRaces: number;
    /** Defect 1: a masked transfer fitting two players, raced by a blank slip of its amount from one of them. */
    maskedClaims: number;
    /** Defect 2: a slip of reference R and the feed's R with another amount, in either order or at once. */
    referenceMismatches: number;
    /** Defect 3: deliveries whose amount has a third decimal. */
    subSatangAmounts: number;
  };
  /** Loyalty: promotions claimed and forfeited, redemptions by Idempotency-Key, fulfilment decisions that won. */
  loyalty: {
    claims: number;
    forfeits: number;
    redemptions: Map<string, { phone: string; entryId: number | undefined }>;
    decisions: Map<number, 'send' | 'cancel'>;
  };
  /** The bonus attacks (bonus-attacks.ts): who attacked how. */
  bonusAttacks: BonusAttackJournal;
  /** What a client saw that must never happen (a 5xx, two answers of one key that disagree, ...). */
  violations: string[];
  /** Payouts through the sandbox bank, counted at the end (verify.ts). */
  payouts: { paid: number; automatic: number; retried: number };
};

export function newJournal(): Journal {
  return {
    feed: new Map(),
    refusedAmounts: new Map(),
    slips: new Map(),
    withdrawals: new Map(),
    decisions: new Map(),
    transfers: new Map(),
    rounds: 0,
    sandbox: { kills: 0, down: false, roundsCut: 0 },
    attacks: {
      duplicateDeliveries: 0,
      doubleTaps: 0,
      decisionRaces: 0,
      maskedClaims: 0,
      referenceMismatches: 0,
      subSatangAmounts: 0,
    },
    loyalty: { claims: 0, forfeits: 0, redemptions: new Map(), decisions: new Map() },
    bonusAttacks: newBonusAttackJournal(),
    violations: [],
    payouts: { paid: 0, automatic: 0, retried: 0 },
  };
}

/** A 5xx is a bug, except 503 PROVIDER_UNAVAILABLE: a provider that did not answer before anything moved. */
export function checkAnswer(journal: Journal, what: string, answer: Answer): void {
  if (!answer || answer.status < 500) return;
  if (answer.status === 503 && field(answer, 'data', 'errorCode') === 'PROVIDER_UNAVAILABLE') return;
  journal.violations.push(`${what}: HTTP ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
}

export const bahtOf = (random: Random, min: number, max: number) => random.int(min * 100, max * 100) / 100;

/** Set-up steps meet the provider's random faults too: each is tried until it succeeds (or 20 times). */
async function untilOk(what: string, step: () => Promise<Answer>, ok: (answer: Answer) => boolean): Promise<Answer> {
  let answer: Answer;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    answer = await step();
    if (ok(answer)) return answer;
    await sleep(200);
  }
  throw new Error(`${what}: ${JSON.stringify(answer)}`);
}

/** Registers and signs in the run's players (phone and account numbers unique to the run), each with a first deposit. */
export async function setUpPlayers(
  clients: Clients,
  count: number,
  runTag: number,
): Promise<{ players: Player[]; house: string }> {
  const setUp = { counted: false };
  const players: Player[] = [];
  for (let index = 0; index < count; index += 1) {
    const digits = String(runTag * 1000 + index)
      .padStart(8, '0')
      .slice(-8);
    const phone = `09${digits}`;
    const bankNumber = `7${digits}${index % 10}`;
    const password = 'reliability-pass';
    const registered = await clients.request(API_PATHS.register, {
      ...setUp,
      body: {
        agentId: 1,
        fullName: `Reliability ${index}`,
        bankCode: 'KBANK',
        bankNumber,
        phoneNumber: phone,
        password,
      },
    });
    if (registered?.status !== 200) throw new Error(`register ${phone}: ${JSON.stringify(registered)}`);
    const login = await clients.request(API_PATHS.login, { ...setUp, body: { username: phone, password } });
    const token = field(login, 'data', 'token');
    if (typeof token !== 'string') throw new Error(`login ${phone}: ${JSON.stringify(login)}`);
    const profile = await clients.player(token, API_PATHS.profile, setUp);
    const username = field(profile, 'data', 'username');
    if (typeof username !== 'string') throw new Error(`profile ${phone}: ${JSON.stringify(profile)}`);
    // The WC game learns the player at launch: from then on its callbacks name them.
    await untilOk(
      `launch WC ${phone}`,
      () => clients.player(token, API_PATHS.launchGame, { ...setUp, body: { gameCode: 'WC' } }),
      (answer) => answer?.status === 200,
    );
    players.push({ id: index, phone, bankNumber, username, token });
  }
  const first = players[0];
  if (!first) throw new Error('a run needs players');
  const accounts = field(await clients.player(first.token, API_PATHS.profile, setUp), 'data', 'accounts');
  const house = (accounts as { bankNumber: string }[] | undefined)?.[0]?.bankNumber;
  if (!house) throw new Error('the server shows no house account');
  for (const player of players) {
    const answer = await clients.bankFeed(
      WEBHOOK_PATHS.bankTransfers,
      {
        reference: `RSTART${runTag}X${player.id}`,
        fromBankCode: 'KBANK',
        fromAccountNumber: player.bankNumber,
        toAccountNumber: house,
        amount: 5000,
        transferredAt: new Date().toISOString(),
      },
      false,
    );
    if (field(answer, 'data', 'result') !== 'credited') {
      throw new Error(`first deposit ${player.phone}: ${JSON.stringify(answer)}`);
    }
  }
  return { players, house };
}

type Budget = { left: () => boolean; progress: () => number };

/** The operations a player does, each a function of the player; `weight` is how often it is picked. */
export type Action = { name: string; weight: number; run: (player: Player) => Promise<void> };

export type WorkloadContext = {
  clients: Clients;
  journal: Journal;
  random: Random;
  house: string;
  runTag: number;
  /** The run's counter of bank references. */
  serial: { value: number };
  /** Pairs of players whose accounts one masked sender fits (the attacks of defect 1). */
  pairs: AttackPair[];
  /** The run's promotions and rewards. */
  loyalty: LoyaltySetUp;
  /** The promotion the bonus attacks claim. */
  bonus: BonusAttackSetUp;
};

/** A bank reference no other request of the run uses (shared by every player: a reference is recorded once, ever). */
export function nextReference(ctx: WorkloadContext, prefix: string): string {
  ctx.serial.value += 1;
  return `${prefix}${ctx.runTag}X${ctx.serial.value}`;
}

function playerActions(ctx: WorkloadContext): Action[] {
  const { clients, journal, random } = ctx;
  const reference = (prefix: string) => nextReference(ctx, prefix);

  /** A bank-feed delivery; sometimes delivered twice at once, as connectors retry. */
  async function feed(player: Player, ref = reference('RF'), amount = bahtOf(random, 100, 3000)) {
    const masked = random.chance(0.5);
    const transfer = {
      reference: ref,
      fromBankCode: random.chance(0.5) ? 'KBANK' : '004',
      fromAccountNumber: masked ? `xxxxxx${player.bankNumber.slice(-4)}` : player.bankNumber,
      toAccountNumber: ctx.house,
      amount,
      transferredAt: new Date().toISOString(),
    };
    const copies = random.chance(0.25) ? 2 : 1;
    if (copies > 1) journal.attacks.duplicateDeliveries += 1;
    const answers = await Promise.all(
      Array.from({ length: copies }, () => clients.bankFeed(WEBHOOK_PATHS.bankTransfers, transfer)),
    );
    for (const answer of answers) checkAnswer(journal, `feed ${ref}`, answer);
    const acked = answers.some((answer) => answer?.status === 200);
    journal.feed.set(ref, { phone: player.phone, acked: acked || (journal.feed.get(ref)?.acked ?? false) });
  }

  /** A slip upload (the QR carries the reference); half the time the bank feed then delivers the same transfer. */
  async function slip(player: Player) {
    const ref = reference('RS');
    const amount = random.int(100, 1000);
    const image = await slipImage(slipPayload({ sendingBank: '004', reference: ref }), { width: 360 });
    const key = newKey('slip');
    const form = () => {
      const data = new FormData();
      data.set('amount', String(amount));
      data.set('slip', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'slip.png');
      return data;
    };
    const copies = random.chance(0.2) ? 2 : 1;
    if (copies > 1) journal.attacks.doubleTaps += 1;
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        clients.player(player.token, API_PATHS.deposit, { body: form(), headers: { 'Idempotency-Key': key } }),
      ),
    );
    recordKeyed(journal, journal.slips, key, player, answers, 'slip', ['data', 'entry', 'id']);
    if (random.chance(0.5)) await feed(player, ref, amount);
  }

  /** A withdrawal; a third of the time a double tap: two copies at once with one Idempotency-Key. */
  async function withdraw(player: Player) {
    const key = newKey('wd');
    const body = { amount: bahtOf(random, 100, 1500) };
    const copies = random.chance(0.3) ? 2 : 1;
    if (copies > 1) journal.attacks.doubleTaps += 1;
    const answers = await Promise.all(
      Array.from({ length: copies }, () =>
        clients.player(player.token, API_PATHS.withdraw, { body, headers: { 'Idempotency-Key': key } }),
      ),
    );
    recordKeyed(journal, journal.withdrawals, key, player, answers, 'withdraw', ['data', 'id']);
  }

  async function transfer(player: Player, path: string) {
    const key = newKey('tr');
    const answer = await clients.player(player.token, path, { body: {}, headers: { 'Idempotency-Key': key } });
    checkAnswer(journal, `transfer ${key}`, answer);
    const status = answer?.status === 200 || answer?.status === 202 ? field(answer, 'data', 'status') : undefined;
    journal.transfers.set(key, { phone: player.phone, status: typeof status === 'string' ? status : undefined });
  }

  /** A WC round played by the sandbox through our callbacks, with its faults; sometimes callbacks twice or crossed. */
  async function round(player: Player) {
    const outcome = random.pick(['win', 'win', 'lose', 'lose', 'lose', 'rollback', 'rollback-first'] as const);
    const betMinor = random.int(100, 5_000);
    const killsBefore = journal.sandbox.kills;
    const answer = await clients.sandbox(SANDBOX_CONTROL_PATHS.wcRound, {
      playerRef: player.username,
      betMinor,
      outcome,
      ...(outcome === 'win' ? { winMinor: random.int(0, 15_000) } : {}),
      duplicate: random.chance(0.2),
    });
    if (answer?.status === 200) journal.rounds += 1;
    else if (answer === undefined && (journal.sandbox.down || journal.sandbox.kills !== killsBefore))
      journal.sandbox.roundsCut += 1;
    else journal.violations.push(`WC round: the sandbox answered ${JSON.stringify(answer)}`);
  }

  return [
    { name: 'feed', weight: 22, run: (player) => feed(player) },
    { name: 'slip', weight: 2, run: slip },
    { name: 'withdraw', weight: 16, run: withdraw },
    { name: 'transfer-out', weight: 9, run: (player) => transfer(player, API_PATHS.transferOut) },
    { name: 'transfer-in', weight: 9, run: (player) => transfer(player, API_PATHS.transferIn) },
    { name: 'wc-round', weight: 30, run: round },
    {
      name: 'balance',
      weight: 12,
      run: async (player) => checkAnswer(journal, 'balance', await clients.player(player.token, API_PATHS.balance)),
    },
  ];
}

/**
 * The answers of one keyed request (a single send or a double tap): every
 * 200 must name the same entry; the key is remembered with the entry its
 * answers named (none when nothing was acknowledged).
 */
export function recordKeyed(
  journal: Journal,
  into: Map<string, { phone: string; entryId: number | undefined }>,
  key: string,
  player: Player,
  answers: Answer[],
  what: string,
  idPath: string[],
) {
  for (const answer of answers) checkAnswer(journal, `${what} ${key}`, answer);
  const ids = new Set<number>();
  for (const answer of answers) {
    const id = answer?.status === 200 ? field(answer, ...idPath) : undefined;
    if (typeof id === 'number') ids.add(id);
  }
  if (ids.size > 1) journal.violations.push(`${what} ${key}: one key answered with two entries ${[...ids].join(', ')}`);
  into.set(key, { phone: player.phone, entryId: [...ids][0] });
}

/** One simulated player: picks actions at random until the budget is spent. */
async function playerLoop(ctx: WorkloadContext, player: Player, budget: Budget): Promise<void> {
  const actions = [
    ...playerActions(ctx),
    ...attackActions(ctx),
    ...bonusAttackActions(ctx),
    ...loyaltyActions(ctx.clients, ctx.journal, ctx.random, ctx.loyalty),
  ];
  const total = actions.reduce((sum, action) => sum + action.weight, 0);
  while (budget.left()) {
    const roll = ctx.random.next() * total;
    let sum = 0;
    const action = actions.find((candidate) => {
      sum += candidate.weight;
      return roll < sum;
    });
    if (action) await action.run(player);
  }
}

type QueueItem = { id: number };

/**
 * An operator at the queues: approves or rejects waiting withdrawals and slip
 * deposits, and now and then sends or cancels a redeemed item; a quarter of the time two operators decide the same item at once
 * (approve and reject, each with its own key): one must win, the other hear 409.
 */
async function operatorLoop(ctx: WorkloadContext, budget: Budget): Promise<void> {
  const { clients, journal, random } = ctx;
  while (budget.left()) {
    // Now and then the reward fulfilment queue instead of the money queues.
    if (random.chance(0.15) && (await decideRedemption(clients, journal, random))) continue;
    const kind = random.chance(0.7) ? ('withdrawal' as const) : ('deposit' as const);
    const list = await clients.operator(
      `${kind === 'withdrawal' ? ADMIN_PATHS.withdrawals : ADMIN_PATHS.deposits}?status=WAITING&limit=20&sort=${random.pick(['oldest', 'newest'])}`,
    );
    checkAnswer(journal, `${kind} queue`, list);
    const items = (field(list, 'data', 'items') as QueueItem[] | undefined) ?? [];
    if (items.length === 0) {
      await sleep(50);
      continue;
    }
    const item = random.pick(items);
    const paths =
      kind === 'withdrawal'
        ? { approve: ADMIN_PATHS.withdrawalApprove, reject: ADMIN_PATHS.withdrawalReject }
        : { approve: ADMIN_PATHS.depositApprove, reject: ADMIN_PATHS.depositReject };
    const decide = (decision: 'approve' | 'reject') =>
      clients.operator(fillPath(paths[decision], { id: item.id }), {
        body: decision === 'approve' ? {} : { reason: 'reliability run' },
        headers: { 'Idempotency-Key': newKey('decide') },
      });
    const race = random.chance(0.25);
    if (race) journal.attacks.decisionRaces += 1;
    const choices: ('approve' | 'reject')[] = race
      ? ['approve', 'reject']
      : [random.chance(0.6) ? 'approve' : 'reject'];
    const answers = await Promise.all(choices.map(decide));
    const winners = choices.filter((_, index) => answers[index]?.status === 200);
    for (const answer of answers) checkAnswer(journal, `${kind} decision ${item.id}`, answer);
    if (winners.length > 1) journal.violations.push(`${kind} ${item.id}: two decisions both answered 200`);
    const winner = winners[0];
    if (winner) journal.decisions.set(item.id, { kind, decision: winner });
  }
}

/**
 * The whole workload: every player and two operators at once, while a chaos
 * step kills a server process mid-run and starts it again (at each of
 * `killAt`, a share of the run's operations), and the sandbox provider the
 * same way at each of `sandboxKillAt`: its books must keep every operation it
 * answered, and our server must settle what it left unknown.
 */
export async function runWorkload(
  ctx: WorkloadContext,
  cluster: Cluster,
  players: Player[],
  options: {
    ops: number;
    deadline: number;
    killAt: number[];
    sandboxKillAt: number[];
    /** The run goes on past its operations while this holds (a fault and its recovery still under way). */
    keepGoing?: () => boolean;
  },
): Promise<{ kills: number }> {
  const start = ctx.clients.operations;
  const budget: Budget = {
    left: () =>
      (ctx.clients.operations - start < options.ops || options.keepGoing?.() === true) && Date.now() < options.deadline,
    progress: () => (ctx.clients.operations - start) / options.ops,
  };
  let kills = 0;
  const chaos = (async () => {
    for (const at of options.killAt) {
      while (budget.left() && budget.progress() < at) await sleep(100);
      if (!budget.left()) return;
      const victim = ctx.random.pick(cluster.servers);
      victim.kill();
      kills += 1;
      await sleep(ctx.random.int(300, 1500));
      await victim.start();
    }
  })();
  const sandboxChaos = (async () => {
    const { sandbox } = ctx.journal;
    for (const at of options.sandboxKillAt) {
      while (budget.left() && budget.progress() < at) await sleep(100);
      if (!budget.left()) return;
      sandbox.down = true;
      sandbox.kills += 1;
      cluster.sandbox.kill();
      kills += 1;
      await sleep(ctx.random.int(300, 1500));
      await cluster.sandbox.start();
      sandbox.down = false;
    }
  })();
  await Promise.all([
    ...players.map((player) => playerLoop(ctx, player, budget)),
    operatorLoop(ctx, budget),
    operatorLoop(ctx, budget),
    chaos,
    sandboxChaos,
  ]);
  return { kills };
}
