import type { DatabaseHandle } from '../../db/database.ts';

/** The channel every instance LISTENs on: `{"playerId": …, "id": …}` per committed notification. */
export const NOTIFICATION_CHANNEL = 'player_notifications';

export type BusEvent = { kind: 'notification'; id: number } | { kind: 'resync' };
type Listener = (event: BusEvent) => void;

/**
 * Wakes this instance's open notification streams. Every instance LISTENs
 * on one channel of the database the notifications are written to, so a
 * notification committed by any instance reaches a player's stream on any
 * other, with no new infrastructure. After a lost connection every stream is
 * told to resync (read the list again): nothing said in between is lost.
 */
export class NotificationBus {
  private readonly listeners = new Map<number, Set<Listener>>();
  private stop: (() => Promise<void>) | undefined;

  async start(database: Pick<DatabaseHandle, 'listen'>): Promise<void> {
    this.stop = await database.listen(
      NOTIFICATION_CHANNEL,
      (payload) => this.deliver(payload),
      () => this.resyncAll(),
    );
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = undefined;
  }

  /** Calls `listener` for the player's notifications until the returned function is called. */
  subscribe(playerId: number, listener: Listener): () => void {
    let set = this.listeners.get(playerId);
    if (!set) {
      set = new Set();
      this.listeners.set(playerId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(playerId);
    };
  }

  /** Open streams on this instance (the metrics). */
  get streams(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  private deliver(payload: string): void {
    let message: { playerId?: unknown; id?: unknown };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (typeof message.playerId !== 'number' || typeof message.id !== 'number') return;
    for (const listener of this.listeners.get(message.playerId) ?? [])
      listener({ kind: 'notification', id: message.id });
  }

  private resyncAll(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener({ kind: 'resync' });
  }
}
