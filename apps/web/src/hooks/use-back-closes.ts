import { useEffect, useRef } from 'react';

/**
 * The phone's Back closes what is open over the page (a dialog, a list that
 * drops down), as a native app's Back does, instead of leaving the app.
 *
 * While anything is open the app keeps one history entry of its own on top
 * (the same address, marked in its state). Back pops that entry: the browser
 * stays on the page, and the topmost open thing closes. Closed any other way
 * (its button, Escape, a choice), the last open thing takes the entry away
 * again, so the history holds no leftover steps and the next Back leaves the
 * page as it would have. One entry serves every open thing: a dialog opened
 * over another, or in place of another, adds no step.
 */

const ENTRY_KEY = 'closesOnBack';

/** What is open now, oldest first; each holds the close it was last rendered with (undefined: cannot close now). */
const openItems: { close: (() => void) | undefined }[] = [];
/** The id of our entry while it is in the history (pushed and not popped). */
let entryId: string | null = null;
/** Pops our own history.back() will cause, which must not close anything. */
let ownPops = 0;
let listening = false;

function onPopState() {
  if (ownPops > 0) {
    ownPops -= 1;
    return;
  }
  if (entryId === null || currentEntryId() === entryId) return;
  // Back took our entry: the topmost open thing closes. Whatever stays open (a dialog under it, or one that
  // cannot close now) gets its entry back once React has drawn the change.
  entryId = null;
  openItems.at(-1)?.close?.();
  setTimeout(sync, 0);
}

function currentEntryId(): unknown {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[ENTRY_KEY] : undefined;
}

/** Makes the history agree with what is open: our entry while something is, none once nothing is. */
function sync() {
  if (openItems.length > 0 && entryId === null) {
    entryId = Math.random().toString(36).slice(2);
    const state: unknown = window.history.state;
    window.history.pushState({ ...(typeof state === 'object' ? state : {}), [ENTRY_KEY]: entryId }, '');
  } else if (openItems.length === 0 && entryId !== null) {
    // Only when our entry is still the current one: after a navigation it lies under the new page, and going
    // back would leave that page.
    const onTop = currentEntryId() === entryId;
    entryId = null;
    if (onTop) {
      ownPops += 1;
      window.history.back();
    }
  }
}

/**
 * Registers something open over the page for as long as the calling component
 * is mounted with `open` true: Back calls `onClose`. Every dialog of the app
 * uses it through Dialog; a drop-down list passes its open state.
 */
export function useBackCloses(onClose: (() => void) | undefined, open = true) {
  const item = useRef({ close: onClose });
  item.current.close = onClose;

  useEffect(() => {
    if (!open) return;
    if (!listening) {
      window.addEventListener('popstate', onPopState);
      listening = true;
    }
    const mine = item.current;
    openItems.push(mine);
    // After the commit: a dialog that replaces another (unmounted and mounted in one commit) keeps the entry.
    queueMicrotask(sync);
    return () => {
      const index = openItems.indexOf(mine);
      if (index !== -1) openItems.splice(index, 1);
      queueMicrotask(sync);
    };
  }, [open]);
}
