/**
 * Runs `callback` when the page's main thread is next idle (within `timeoutMs` at the latest), or after the
 * current task where the browser cannot tell (Safari). Returns a cancel function, for an effect's cleanup.
 */
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}
