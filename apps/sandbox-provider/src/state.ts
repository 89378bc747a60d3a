import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** A player's books at the provider, in minor units: free credit, and credit staked in open bets. */
export type Wallet = { currentCreditMinor: number; inGameCreditMinor: number };

/** One of our server's transfer references: what it did, or VOIDED when asked about before it arrived. */
export type TransferRecord =
  | { status: 'COMPLETED'; direction: 'in' | 'out'; playerRef: string; amountMinor: number; currentAfterMinor: number }
  | { status: 'VOIDED' };

export type Bet = {
  id: string;
  playerRef: string;
  matchId: string;
  pick: 'home' | 'draw' | 'away';
  stakeMinor: number;
  odds: number;
  placedAt: number;
  settlesAt: number;
  status: 'open' | 'won' | 'lost';
  result: 'home' | 'draw' | 'away' | null;
  payoutMinor: number;
};

export type PlaySession = { playerRef: string; game: 'sports' | 'wc'; lang: string; expiresAt: number };

type Books = {
  wallets: Record<string, Wallet>;
  transfers: Record<string, TransferRecord>;
  bets: Record<string, Bet>;
  sessions: Record<string, PlaySession>;
  counter: number;
};

const STATE_FILE = 'sandbox-provider.json';
const SESSION_TTL_MS = 24 * 3600 * 1000;

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
    this.books = { wallets: {}, transfers: {}, bets: {}, sessions: {}, counter: 0 };
    const file = dataDir ? path.join(dataDir, STATE_FILE) : undefined;
    if (file && existsSync(file)) this.books = JSON.parse(readFileSync(file, 'utf8')) as Books;
  }

  wallet(playerRef: string): Wallet {
    this.books.wallets[playerRef] ??= { currentCreditMinor: 0, inGameCreditMinor: 0 };
    return this.books.wallets[playerRef];
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
    const token = randomBytes(24).toString('base64url');
    this.books.sessions[token] = { ...session, expiresAt: Date.now() + SESSION_TTL_MS };
    return token;
  }

  session(token: string | undefined): PlaySession | undefined {
    const found = token ? this.books.sessions[token] : undefined;
    return found && found.expiresAt > Date.now() ? found : undefined;
  }

  /** Writes the books after a change; waiting on it means the change is on disk. */
  save(): Promise<void> {
    if (!this.dataDir) return Promise.resolve();
    this.dirty = true;
    this.writing = this.writing.then(() => this.flush());
    return this.writing;
  }

  private async flush(): Promise<void> {
    if (!this.dirty || !this.dataDir) return;
    this.dirty = false;
    mkdirSync(this.dataDir, { recursive: true });
    const file = path.join(this.dataDir, STATE_FILE);
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, JSON.stringify(this.books));
    await rename(temporary, file);
  }
}
