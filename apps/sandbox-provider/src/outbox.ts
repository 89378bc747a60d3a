import type { FastifyBaseLogger } from 'fastify';
import { answered, type CallbackAnswer, type CallbackDeps, deliver } from './callbacks.ts';
import type { OutboxEntry, SandboxState } from './state.ts';

type Payload = OutboxEntry['payload'];

/** Deliveries tried at once, while the round waits, before the background retries take over. */
const INLINE_ATTEMPTS_MAX = 5;
/** The longest wait between two background deliveries of one callback. */
const RETRY_GAP_MAX_MS = 60_000;
/** A callback still unanswered after this long is given up (and logged as an error), so the outbox stays bounded. */
const OUTBOX_AGE_MAX_MS = 24 * 3600 * 1000;
const RETRY_TICK_MS = 500;

/**
 * Wins and rollbacks must reach our server, as a real provider's must: each
 * is written to the books before its first delivery and removed only when
 * our server has answered it. A round delivers it a few times with backoff
 * while it waits; then background retries go on (also after a restart),
 * with the same transaction id every time, so our server counts it once.
 */
export class CallbackOutbox {
  private readonly inFlight = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(
    private readonly deps: CallbackDeps,
    private readonly state: SandboxState,
    private readonly retryMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Writes a rollback for a bet about to be sent; it is delivered only if fired, or after a restart. */
  async arm(payload: Payload): Promise<void> {
    this.state.putOutbox(this.entry('rollback', payload, true));
    await this.state.save();
  }

  /** Drops an armed rollback: its bet's fate is known. */
  async disarm(txnId: string): Promise<void> {
    this.state.removeOutbox(txnId);
    await this.state.save();
  }

  /** Delivers an armed rollback now: its bet's fate is unknown, or the round asks for it. */
  async fire(txnId: string, log: CallbackAnswer[], options: { duplicate?: boolean } = {}): Promise<void> {
    const entry = this.state.outboxEntry(txnId);
    if (!entry) return;
    entry.armed = false;
    await this.state.save();
    await this.deliverInline(txnId, log, options);
  }

  /** Records a win or rollback (replacing an armed rollback in the same step, if named) and delivers it now. */
  async send(
    name: OutboxEntry['name'],
    payload: Payload,
    log: CallbackAnswer[],
    options: { duplicate?: boolean; replaces?: string } = {},
  ): Promise<void> {
    this.state.putOutbox(this.entry(name, payload, false));
    if (options.replaces) this.state.removeOutbox(options.replaces);
    await this.state.save();
    await this.deliverInline(payload.txnId, log, options);
  }

  /**
   * Starts the background retries. Rollbacks still armed from before a
   * restart become due first: their bets were in flight when the process
   * stopped, so their fate is unknown.
   */
  start(): void {
    for (const [, entry] of this.state.outboxEntries()) entry.armed = false;
    this.state.save().catch((error: unknown) => this.log.error({ err: error }, 'could not save the books'));
    this.timer = setInterval(() => void this.retryDue(), RETRY_TICK_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  private entry(name: OutboxEntry['name'], payload: Payload, armed: boolean): OutboxEntry {
    const now = Date.now();
    return { name, payload, armed, attempts: 0, nextAttemptAt: now, createdAt: now };
  }

  private async deliverInline(txnId: string, log: CallbackAnswer[], options: { duplicate?: boolean }): Promise<void> {
    this.inFlight.add(txnId);
    try {
      for (let attempt = 0; attempt < INLINE_ATTEMPTS_MAX; attempt += 1) {
        if (attempt > 0) await sleep(this.retryMs * 2 ** (attempt - 1));
        if (await this.attempt(txnId, log, options)) return;
      }
    } finally {
      this.inFlight.delete(txnId);
    }
  }

  /** One delivery; true when our server answered (the entry is then gone). */
  private async attempt(txnId: string, log: CallbackAnswer[], options: { duplicate?: boolean }): Promise<boolean> {
    const entry = this.state.outboxEntry(txnId);
    if (!entry) return true;
    const answers = await deliver(this.deps, entry.name, entry.payload, options);
    log.push(...answers);
    if (answered(answers)) {
      this.state.removeOutbox(txnId);
    } else {
      entry.attempts += 1;
      entry.nextAttemptAt = Date.now() + Math.min(this.retryMs * 2 ** entry.attempts, RETRY_GAP_MAX_MS);
    }
    await this.state.save();
    return answered(answers);
  }

  private async retryDue(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      const now = Date.now();
      for (const [txnId, entry] of this.state.outboxEntries()) {
        if (entry.armed || this.inFlight.has(txnId) || entry.nextAttemptAt > now) continue;
        if (now - entry.createdAt > OUTBOX_AGE_MAX_MS) {
          this.log.error({ txnId, entry }, 'callback given up after a day without an answer');
          this.state.removeOutbox(txnId);
          await this.state.save();
          continue;
        }
        this.inFlight.add(txnId);
        try {
          await this.attempt(txnId, [], {});
        } finally {
          this.inFlight.delete(txnId);
        }
      }
    } catch (error) {
      this.log.error({ err: error }, 'callback retries failed');
    } finally {
      this.ticking = false;
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
