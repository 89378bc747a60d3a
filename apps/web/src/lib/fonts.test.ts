import { afterEach, describe, expect, it, vi } from 'vitest';
import { thaiFacesReady } from '@/lib/fonts';

/** A stand-in for the browser's FontFaceSet (jsdom has none): each `load` answers with `answer`. */
function fakeFonts(answer: () => Promise<unknown>) {
  const load = vi.fn((_font: string, _text?: string) => answer());
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
  return load;
}

afterEach(() => {
  Reflect.deleteProperty(document, 'fonts');
  vi.useRealTimers();
});

describe('thaiFacesReady: a Thai screen waits for its faces (Chromium keeps boxes shaped before a 600 face came)', () => {
  it('loads the 400 and 600 Thai faces for a Thai letter, and resolves once both are in', async () => {
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const load = fakeFonts(() => arrived);
    let done = false;
    const ready = thaiFacesReady(60_000).then(() => {
      done = true;
    });
    expect(load.mock.calls).toEqual([
      ['400 1em "Noto Sans Thai"', 'ก'],
      ['600 1em "Noto Sans Thai"', 'ก'],
    ]);
    await Promise.resolve();
    expect(done).toBe(false);
    arrive();
    await ready;
    expect(done).toBe(true);
  });

  it('draws anyway after the wait when the faces do not come', async () => {
    vi.useFakeTimers();
    fakeFonts(() => new Promise(() => {}));
    let done = false;
    const ready = thaiFacesReady(1500).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(1499);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await ready;
    expect(done).toBe(true);
  });

  it('does not fail the screen when a face cannot be loaded', async () => {
    fakeFonts(() => Promise.reject(new Error('network')));
    await expect(thaiFacesReady(60_000)).resolves.toBeUndefined();
  });

  it('resolves at once where the page has no font API', async () => {
    await expect(thaiFacesReady(60_000)).resolves.toBeUndefined();
  });
});
