import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxState } from '../src/state.ts';
import { tempDir } from './support.ts';

/** The log's open, held until the test lets it go: a write of the books caught half-way. */
const gate = vi.hoisted(() => {
  let release: () => void = () => undefined;
  let reached: () => void = () => undefined;
  return {
    held: Promise.resolve(),
    reachedOnce: Promise.resolve(),
    hold() {
      this.held = new Promise<void>((resolve) => {
        release = resolve;
      });
      this.reachedOnce = new Promise<void>((resolve) => {
        reached = resolve;
      });
    },
    release: () => release(),
    reached: () => reached(),
  };
});
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    open: async (...args: Parameters<typeof actual.open>) => {
      gate.reached();
      await gate.held;
      return actual.open(...args);
    },
  };
});
afterEach(() => gate.release());

/** What a credit-in does to the books: the wallet, and the transfer's record. */
function creditIn(state: SandboxState, reference: string, amountMinor: number) {
  const wallet = state.wallet('keeper');
  wallet.currentCreditMinor += amountMinor;
  state.recordTransfer(reference, {
    status: 'COMPLETED',
    direction: 'in',
    playerRef: 'keeper',
    amountMinor,
    currentAfterMinor: wallet.currentCreditMinor,
  });
  return state.save();
}

describe('a write of the books is one cut of them', () => {
  it('an operation made while a write is under way is in the next write whole (credit and record), never half in this one', async () => {
    const dataDir = tempDir();
    const state = new SandboxState(dataDir);
    gate.hold();
    const first = creditIn(state, 'first', 100);
    await gate.reachedOnce; // the first write is waiting to open the log
    const second = creditIn(state, 'second', 50);
    gate.release();
    await first;
    // Killed here, before the second write: a restart reads the first operation whole and nothing of the second.
    const afterFirst = new SandboxState(dataDir);
    expect(afterFirst.walletView('keeper').currentCreditMinor).toBe(100);
    expect(afterFirst.transfer('first')).toMatchObject({ amountMinor: 100 });
    expect(afterFirst.transfer('second')).toBeUndefined();
    await second;
    const afterBoth = new SandboxState(dataDir);
    expect(afterBoth.walletView('keeper').currentCreditMinor).toBe(150);
    expect(afterBoth.transfer('second')).toMatchObject({ amountMinor: 50, currentAfterMinor: 150 });
  });
});
