import { API_PATHS, WEBHOOK_PATHS } from '@app/contracts/paths';
import sharp from 'sharp';
import { slipImage, slipPayload } from '../src/modules/demo/demo-slip.ts';
import { type Answer, type Clients, field, newKey } from './client.ts';
import type { Random } from './rng.ts';
import {
  type Action,
  bahtOf,
  checkAnswer,
  type Journal,
  nextReference,
  type Player,
  recordKeyed,
  type WorkloadContext,
} from './workload.ts';

/**
 * The deposit attacks (tests/deposit-attacks.test.ts) as workload, raced against everything else the run
 * does: a masked transfer that fits two players, claimed by one of them with a
 * blank slip (defect 1); one bank reference reported by a slip and by the feed
 * with different amounts, in either order or at once (defect 2); amounts with
 * a third decimal (defect 3). verify.ts then checks that every bank reference
 * was credited at most once, to the player its sender fits uniquely or to the
 * one an operator chose.
 */

/** Two players whose registered accounts (KBANK) share the last four digits: `masked` fits both. */
export type AttackPair = { victim: Player; attacker: Player; masked: string };

/** How many pairs a run registers. */
const PAIRS = 2;

/**
 * Registers the run's attack pairs beside its players. Their last four digits
 * are ones no player of the run has, so the masked sender fits exactly the
 * pair; phones and numbers are unique to the run.
 */
export async function setUpAttackPairs(
  clients: Clients,
  runTag: number,
  taken: readonly string[],
): Promise<AttackPair[]> {
  const usedSuffixes = new Set(taken.map((number) => number.slice(-4)));
  const pairs: AttackPair[] = [];
  for (let index = 0, suffix = 9000; pairs.length < PAIRS; suffix += 7) {
    const tail = String(suffix % 10_000).padStart(4, '0');
    if (usedSuffixes.has(tail)) continue;
    usedSuffixes.add(tail);
    const tag = String(runTag).padStart(5, '0').slice(-4);
    const victim = await register(clients, `8${tag}${index}${tail}`, runTag, 2 * index);
    const attacker = await register(clients, `6${tag}${index}${tail}`, runTag, 2 * index + 1);
    pairs.push({ victim, attacker, masked: `xxxxxx${tail}` });
    index += 1;
  }
  return pairs;
}

async function register(clients: Clients, bankNumber: string, runTag: number, index: number): Promise<Player> {
  const setUp = { counted: false };
  const phone = `08${String(runTag * 100 + index)
    .padStart(8, '0')
    .slice(-8)}`;
  const password = 'reliability-pass';
  const registered = await clients.request(API_PATHS.register, {
    ...setUp,
    body: { agentId: 1, fullName: `Attack ${index}`, bankCode: 'KBANK', bankNumber, phoneNumber: phone, password },
  });
  if (registered?.status !== 200) throw new Error(`register ${phone}: ${JSON.stringify(registered)}`);
  const login = await clients.request(API_PATHS.login, { ...setUp, body: { username: phone, password } });
  const token = field(login, 'data', 'token');
  if (typeof token !== 'string') throw new Error(`login ${phone}: ${JSON.stringify(login)}`);
  return { id: -1 - index, phone, bankNumber, username: phone, token };
}

/** A screenshot with no QR at all, never sent before (its bytes are its identity). */
async function blankScreenshot(random: Random): Promise<Buffer> {
  const background = { r: random.int(0, 255), g: random.int(0, 255), b: random.int(0, 255) };
  return sharp({ create: { width: random.int(300, 700), height: 640, channels: 3, background } })
    .png()
    .toBuffer();
}

function slipForm(amount: number, image: Buffer): FormData {
  const form = new FormData();
  form.set('amount', amount.toFixed(2));
  form.set('slip', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'slip.png');
  return form;
}

/** Runs the steps one after the other in a random order, or all at once. */
async function raced(random: Random, steps: (() => Promise<unknown>)[]): Promise<void> {
  if (random.chance(0.4)) {
    await Promise.all(steps.map((step) => step()));
    return;
  }
  const order = random.chance(0.5) ? steps : [...steps].reverse();
  for (const step of order) await step();
}

export function attackActions(ctx: WorkloadContext): Action[] {
  const { clients, journal, random } = ctx;

  function deliver(ref: string, sender: { phone: string; account: string }, amount: number, ambiguous: boolean) {
    return async () => {
      const answer = await clients.bankFeed(WEBHOOK_PATHS.bankTransfers, {
        reference: ref,
        fromBankCode: 'KBANK',
        fromAccountNumber: sender.account,
        toAccountNumber: ctx.house,
        amount,
        transferredAt: new Date().toISOString(),
      });
      checkAnswer(journal, `feed ${ref}`, answer);
      const acked = answer?.status === 200 || (journal.feed.get(ref)?.acked ?? false);
      journal.feed.set(ref, { phone: sender.phone, acked, ambiguous });
    };
  }

  function upload(player: Player, amount: number, image: Buffer) {
    return async () => {
      const key = newKey('attack');
      const answer = await clients.player(player.token, API_PATHS.deposit, {
        body: slipForm(amount, image),
        headers: { 'Idempotency-Key': key },
      });
      recordKeyed(journal, journal.slips, key, player, [answer], 'slip', ['data', 'entry', 'id']);
    };
  }

  /** Defect 1: the victim's transfer from a masked account fitting both, and the attacker's blank slip of its amount. */
  async function maskedClaim() {
    if (ctx.pairs.length === 0) return;
    const pair = random.pick(ctx.pairs);
    journal.attacks.maskedClaims += 1;
    const amount = bahtOf(random, 100, 3000);
    const ref = nextReference(ctx, 'RM');
    const image = await blankScreenshot(random);
    await raced(random, [
      deliver(ref, { phone: pair.victim.phone, account: pair.masked }, amount, true),
      upload(pair.attacker, amount, image),
    ]);
  }

  /** Defect 2: a slip of reference R for one amount, the feed's R for another (or the same), in any order. */
  async function referenceMismatch(player: Player) {
    journal.attacks.referenceMismatches += 1;
    const ref = nextReference(ctx, 'RX');
    const slipAmount = random.int(100, 1000);
    const fedAmount = random.chance(0.7) ? slipAmount + random.int(1, 5000) / 100 : slipAmount;
    const image = await slipImage(slipPayload({ sendingBank: '004', reference: ref }), { width: 360 });
    await raced(random, [
      upload(player, slipAmount, image),
      deliver(ref, { phone: player.phone, account: player.bankNumber }, fedAmount, false),
    ]);
  }

  /** Defect 3: an amount with a third decimal must be refused (400), never rounded and recorded. */
  async function subSatangAmount(player: Player) {
    journal.attacks.subSatangAmounts += 1;
    const ref = nextReference(ctx, 'RD');
    const thousandths = random.int(1_000, 200_000_000) * 10 + random.int(1, 9);
    const amount = thousandths / 1000;
    journal.refusedAmounts.set(ref, amount);
    const answer: Answer = await clients.bankFeed(WEBHOOK_PATHS.bankTransfers, {
      reference: ref,
      fromBankCode: 'KBANK',
      fromAccountNumber: player.bankNumber,
      toAccountNumber: ctx.house,
      amount,
      transferredAt: new Date().toISOString(),
    });
    checkAnswer(journal, `feed ${ref}`, answer);
    if (answer && answer.status !== 400) {
      journal.violations.push(`feed ${ref}: ${amount} baht answered ${answer.status}, not 400`);
    }
  }

  return [
    { name: 'masked-claim', weight: 3, run: maskedClaim },
    { name: 'reference-mismatch', weight: 3, run: referenceMismatch },
    { name: 'sub-satang-amount', weight: 1, run: subSatangAmount },
  ];
}

/** What the run's log says of the attacks. */
export function describeAttacks(journal: Journal): string {
  const { maskedClaims, referenceMismatches, subSatangAmounts } = journal.attacks;
  return `${maskedClaims} masked claims with blank slips, ${referenceMismatches} slip/feed reference mismatches, ${subSatangAmounts} third-decimal amounts`;
}
