import { randomBytes } from 'node:crypto';
import { constants, existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs';
import { open, rename, writeFile } from 'node:fs/promises';
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
/**
 * The state file: the books but for their write-once records (below), and how
 * many bytes of the log belong to this state. A file without `logBytes` was
 * written before the log existed and holds every record itself.
 */
const stateFileSchema = booksSchema.extend({ logBytes: z.number().int().nonnegative().optional() });
/** One line of the log: a transfer record, a bank payout (new, or a repeat counted) or a statement line. */
const logRecordSchema = z.union([
  z.object({ transfer: z.tuple([z.string(), transferRecordSchema]) }),
  z.object({ payout: z.tuple([z.string(), bankPayoutSchema]) }),
  z.object({ line: bankLineSchema }),
]);
type LogRecord = z.infer<typeof logRecordSchema>;

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
/** The write-once records (transfers, bank payouts, statement lines), one JSON line each, appended. */
export const LOG_FILE = 'sandbox-provider.log';
const SESSION_TTL_MS = 24 * 3600 * 1000;

export class SandboxStateError extends Error {}

function parsed<T>(schema: z.ZodType<T>, text: string, what: string): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new SandboxStateError(`The sandbox ${what} is not readable JSON: ${(error as Error).message}`);
  }
  const result = schema.safeParse(json);
  if (!result.success) throw new SandboxStateError(`The sandbox ${what} is not valid: ${result.error.message}`);
  return result.data;
}

/** The records a state file written before the log holds itself: they move to the log at the next save. */
function recordsOf(books: Books): LogRecord[] {
  return [
    ...Object.entries(books.transfers).map(([reference, record]): LogRecord => ({ transfer: [reference, record] })),
    ...Object.entries(books.bank?.payouts ?? {}).map(
      ([reference, payout]): LogRecord => ({
        payout: [reference, payout],
      }),
    ),
    ...(books.bank?.lines ?? []).map((line): LogRecord => ({ line })),
  ];
}

/**
 * The provider's books. Every change is made synchronously in memory (so one
 * operation is atomic with respect to every other in this single process)
 * and then written, one write at a time, so a killed process leaves the last
 * complete state behind:
 * - the records that are only ever added (transfers, bank payouts and the
 *   statement's lines, which grow with every operation) are appended to the
 *   log, so a write costs what changed, not the size of the books;
 * - then the rest is written to the state file (temp file and rename), with
 *   the log's length at that moment. That rename is the commit: at the start,
 *   the log is read up to that length and anything after it, written by a
 *   process killed before its rename, is cut off.
 */
export class SandboxState {
  private books: Books;
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;
  /** Records changed since the last write, for the log. */
  private unlogged: LogRecord[] = [];
  /** The log's length the state file on disk names. */
  private logBytes = 0;
  /** Where the books are kept; none: in memory only. */
  private readonly files: { dir: string; state: string; log: string } | undefined;

  constructor(dataDir: string | undefined) {
    this.books = { wallets: {}, transfers: {}, bets: {}, sessions: {}, outbox: {}, counter: 0 };
    if (!dataDir) return;
    this.files = { dir: dataDir, state: path.join(dataDir, STATE_FILE), log: path.join(dataDir, LOG_FILE) };
    const { state, log } = this.files;
    if (!existsSync(state)) return;
    const { logBytes, ...books } = parsed(stateFileSchema, readFileSync(state, 'utf8'), `state file ${state}`);
    this.books = books;
    if (logBytes === undefined) this.unlogged = recordsOf(books);
    else this.replay(log, logBytes);
  }

  /** Applies the log's first `logBytes` bytes (what the state file was written with) and cuts off the rest. */
  private replay(logFile: string, logBytes: number): void {
    const log = existsSync(logFile) ? readFileSync(logFile) : Buffer.alloc(0);
    if (log.length < logBytes)
      throw new SandboxStateError(
        `The sandbox log ${logFile} is shorter than its state file says (${logBytes} bytes).`,
      );
    const lines = log.subarray(0, logBytes).toString('utf8').split('\n');
    lines.pop(); // after the last newline
    for (const [index, text] of lines.entries()) {
      const record = parsed(logRecordSchema, text, `log ${logFile}, line ${index + 1},`);
      if ('transfer' in record) this.books.transfers[record.transfer[0]] = record.transfer[1];
      else {
        const bank = this.books.bank;
        if (!bank) throw new SandboxStateError(`The sandbox log ${logFile} has bank records but the state no bank.`);
        if ('payout' in record) bank.payouts[record.payout[0]] = record.payout[1];
        else bank.lines.push(record.line);
      }
    }
    if (log.length > logBytes) truncateSync(logFile, logBytes);
    this.logBytes = logBytes;
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
    this.unlogged.push({ transfer: [reference, record] });
  }

  /** Records a payout under its reference (a new one, or a repeat counted) and its statement line, if it paid. */
  recordPayout(reference: string, payout: BankPayout, line?: BankLine): void {
    const bank = this.books.bank;
    if (!bank) throw new Error('the bank books are opened before a payout');
    bank.payouts[reference] = payout;
    this.unlogged.push({ payout: [reference, payout] });
    if (line) {
      bank.lines.push(line);
      this.unlogged.push({ line });
    }
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
    if (!this.files) return Promise.resolve();
    this.dirty = true;
    const write = this.writing.catch(() => undefined).then(() => this.flush());
    this.writing = write;
    return write;
  }

  private async flush(): Promise<void> {
    const files = this.files;
    if (!this.dirty || !files) return;
    this.dirty = false;
    // One cut of the books, taken before the first wait: an operation made while this write is under way has
    // its records and the rest of its changes both in the next write, never one of them in this one.
    const records = this.unlogged;
    this.unlogged = [];
    const appended = Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''));
    const logBytes = this.logBytes + appended.length;
    const { bank } = this.books;
    const rest = { ...this.books, transfers: {}, bank: bank && { ...bank, payouts: {}, lines: [] }, logBytes };
    const state = JSON.stringify(rest);
    try {
      mkdirSync(files.dir, { recursive: true });
      if (appended.length > 0) await writeAt(files.log, appended, this.logBytes);
      const temporary = `${files.state}.${process.pid}.tmp`;
      // Owner only: the file holds live play-session tokens.
      await writeFile(temporary, state, { mode: 0o600 });
      await rename(temporary, files.state);
      this.logBytes = logBytes;
    } catch (error) {
      // The changes are still unwritten: the next save must try again (and writes the log from the same place).
      this.dirty = true;
      this.unlogged = [...records, ...this.unlogged];
      throw error;
    }
  }
}

/** Writes `bytes` into `file` at `position`: the log's committed length, over whatever a failed write left there. */
async function writeAt(file: string, bytes: Buffer, position: number): Promise<void> {
  const handle = await open(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  try {
    await handle.write(bytes, 0, bytes.length, position);
  } finally {
    await handle.close();
  }
}
