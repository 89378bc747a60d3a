/** Where a background round's outcome is told: the log, usually. */
export type RoundReport<T> = { done: (result: T) => void; failed: (error: unknown) => void };

/** The logger a background worker writes to. */
export type WorkerLog = {
  debug: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * Runs `round` every interval, never two at once (a round still running
 * when the timer fires is left to finish), until stopped. The timer does not
 * keep the process alive; the stop resolves once the round in progress ends.
 */
export function repeatEvery<T>(intervalMs: number, round: () => Promise<T>, report: RoundReport<T>) {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .then(report.done, report.failed)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async (): Promise<void> => {
    clearInterval(timer);
    await running;
  };
}
