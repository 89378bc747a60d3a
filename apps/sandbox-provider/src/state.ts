import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const minor = z.number().int().nonnegative();
const pickSchema = z.enum(['home', 'draw', 'away']);

const walletSchema = z.object({ currentCreditMinor: minor, inGameCreditMinor: minor });

const transferRecordSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('COMPLETED'),
    direction: z.enum(['in', 'out']),
    playerRef: z.string(),
    amountMinor: minor,
    currentAfterMinor: minor,
  }),
  z.object({ status: z.literal('VOIDED') }),
]);

const betSchema = z.object({
  id: z.string(),
  playerRef: z.string(),
  matchId: z.string(),
  pick: pickSchema,
  stakeMinor: minor,
  odds: z.number().positive(),
  placedAt: z.number(),
  settlesAt: z.number(),
  status: z.enum(['open', 'won', 'lost']),
  result: pickSchema.nullable(),
  payoutMinor: minor,
});

const sessionSchema = z.object({
  playerRef: z.string(),
  game: z.enum(['sports', 'wc']),
  lang: z.string(),
  expiresAt: z.number(),
});

/**
 * A callback to our server that must arrive (a win, a rollback): kept until
 * our server answers it. An `armed` rollback is written before its bet is
 * sent and becomes due only if the bet's fate stays unknown, also when this
 * process stops in between.
 */
const outboxEntrySchema = z.object({
  name: z.enum(['win', 'rollback']),
  payload: z.object({ playerRef: z.string(), txnId: z.string() }).catchall(z.union([z.string(), z.number()])),
  armed: z.boolean(),
  attempts: z.number().int().nonnegative(),
  nextAttemptAt: z.number(),
  createdAt: z.number(),
});

/** One payout the sandbox bank received, by our reference: paid (with its bank reference) or refused. */
const bankPayoutSchema = z.object({
  status: z.enum(['PAID', 'REFUSED']),
  toBankCode: z.string(),
  toAccount: z.string(),
  toName: z.string(),
  amountMinor: minor,
  bankReference: z.string().nullable(),
  code: z.string().nullable(),
  message: z.string().nullable(),
  at: z.number(),
  requests: z.number().int().positive(),
});
const bankLineSchema = z.object({
  line: z.number().int().positive(),
  reference: z.string(),
  bankReference: z.string(),
  amountMinor: minor,
  toBankCode: z.string(),
  toAccount: z.string(),
  at: z.number(),
});
/** The sandbox bank's payout account: its balance, every payout by reference, and its statement of debits. */
const bankSchema = z.object({
  balanceMinor: z.number().int(),
  payouts: z.record(z.string(), bankPayoutSchema),
  lines: z.array(bankLineSchema),
});

const booksSchema = z.object({
  wallets: z.record(z.string(), walletSchema),
  transfers: z.record(z.string(), transferRecordSchema),
  bets: z.record(z.string(), betSchema),
  sessions: z.record(z.string(), sessionSchema),
  outbox: z.record(z.string(), outboxEntrySchema).default({}),
  bank: bankSchema.optional(),
  counter: z.number().int().nonnegative(),
});

/** A player's books at the provider, in minor units: free credit, and credit staked in open bets. */
export type Wallet = z.infer<typeof walletSchema>;
/** One of our server's transfer references: what it did, or VOIDED when asked about before it arrived. */
export type TransferRecord = z.infer<typeof transferRecordSchema>;
export type Bet = z.infer<typeof betSchema>;
export type PlaySession = z.infer<typeof sessionSchema>;
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;
export type BankPayout = z.infer<typeof bankPayoutSchema>;
export type BankLine = z.infer<typeof bankLineSchema>;
export type BankBooks = z.infer<typeof bankSchema>;
type Books = z.infer<typeof booksSchema>;

export const STATE_FILE = 'sandbox-provider.json';
const SESSION_TTL_MS = 24 * 3600 * 1000;

export class SandboxStateError extends Error {}

function readBooks(file: string): Books {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new SandboxStateError(`The sandbox state file ${file} is not readable JSON: ${(error as Error).message}`);
  }
  const parsed = booksSchema.safeParse(json);
  if (!parsed.success)
    throw new SandboxStateError(`The sandbox state file ${file} is not valid: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The provider's books. Every change is made synchronously in memory (so one
 * operation is atomic with respect to every other in this single process)
 * and then written to the state file, one write at a time, temp file and
 * rename, so a killed process leaves the last complete state behind.
 */
export class SandboxState {
  private books: Books;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  constructor(private readonly dataDir: string | undefined) {
    const file = dataDir ? path.join(dataDir, STATE_FILE) : undefined;
    this.books =
      file && existsSync(file)
        ? readBooks(file)
        : { wallets: {}, transfers: {}, bets: {}, sessions: {}, outbox: {}, counter: 0 };
  }

  /** The payout account's books; a fresh sandbox opens it with the configured balance. */
  bank(openingMinor: number): BankBooks {
    this.books.bank ??= { balanceMinor: openingMinor, payouts: {}, lines: [] };
    return this.books.bank;
  }

  /** The player's wallet to change; a player seen for the first time starts at zero. */
  wallet(playerRef: string): Wallet {
    this.books.wallets[playerRef] ??= { currentCreditMinor: 0, inGameCreditMinor: 0 };
    return this.books.wallets[playerRef];
  }

  /** A copy of the player's figures, zeros for an unknown player, without creating them. */
  walletView(playerRef: string): Wallet {
    const wallet = this.books.wallets[playerRef];
    return wallet ? { ...wallet } : { currentCreditMinor: 0, inGameCreditMinor: 0 };
  }

  hasPlayer(playerRef: string): boolean {
    return this.books.wallets[playerRef] !== undefined;
  }

  players(): string[] {
    return Object.keys(this.books.wallets);
  }

  transfer(reference: string): TransferRecord | undefined {
    return this.books.transfers[reference];
  }

  recordTransfer(reference: string, record: TransferRecord): void {
    this.books.transfers[reference] = record;
  }

  bets(): Bet[] {
    return Object.values(this.books.bets);
  }

  addBet(bet: Omit<Bet, 'id'>): Bet {
    const saved = { ...bet, id: `bet-${this.next()}` };
    this.books.bets[saved.id] = saved;
    return saved;
  }

  /** A sequence number that survives restarts: bet ids and seeded outcomes use it. */
  next(): number {
    this.books.counter += 1;
    return this.books.counter;
  }

  openSession(session: Omit<PlaySession, 'expiresAt'>): string {
    const now = Date.now();
    // Expired sessions are dropped here, so the books do not grow with every launch forever.
    for (const [token, old] of Object.entries(this.books.sessions)) {
      if (old.expiresAt <= now) delete this.books.sessions[token];
    }
    const token = randomBytes(24).toString('base64url');
    this.books.sessions[token] = { ...session, expiresAt: now + SESSION_TTL_MS };
    return token;
  }

  session(token: string | undefined): PlaySession | undefined {
    const found = token ? this.books.sessions[token] : undefined;
    return found && found.expiresAt > Date.now() ? found : undefined;
  }

  outboxEntry(txnId: string): OutboxEntry | undefined {
    return this.books.outbox[txnId];
  }

  outboxEntries(): [string, OutboxEntry][] {
    return Object.entries(this.books.outbox);
  }

  putOutbox(entry: OutboxEntry): void {
    this.books.outbox[entry.payload.txnId] = entry;
  }

  removeOutbox(txnId: string): void {
    delete this.books.outbox[txnId];
  }

  /**
   * Writes the books after a change; once it resolves, every change made
   * before the call is on disk. A failed write is reported to its caller and
   * does not stop later writes.
   */
  save(): Promise<void> {
    if (!this.dataDir) return Promise.resolve();
    this.dirty = true;
    const write = this.writing.catch(() => undefined).then(() => this.flush());
    this.writing = write;
    return write;
  }

  private async flush(): Promise<void> {
    if (!this.dirty || !this.dataDir) return;
    this.dirty = false;
    try {
      mkdirSync(this.dataDir, { recursive: true });
      const file = path.join(this.dataDir, STATE_FILE);
      const temporary = `${file}.${process.pid}.tmp`;
      // Owner only: the file holds live play-session tokens.
      await writeFile(temporary, JSON.stringify(this.books), { mode: 0o600 });
      await rename(temporary, file);
    } catch (error) {
      // The changes are still unwritten: the next save must try again.
      this.dirty = true;
      throw error;
    }
  }
}
