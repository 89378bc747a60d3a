/**
 * Runs `callback` once the browser has painted the next frame: a frame is requested, and the callback runs in
 * a task of its own after it (not in the frame's own work). Returns a cancel function, for an effect's cleanup.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
