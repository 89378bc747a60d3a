import { useCallback, useEffect, useRef, useState } from 'react';

/** How long the "copied" feedback stays. */
const COPIED_FEEDBACK_MS = 2000;

/**
 * Copies text to the clipboard and remembers, for a moment, which item was
 * copied (the check icon and the "copied" line). A failure (no clipboard
 * permission, an insecure page, an old browser) is an alert with
 * `failureText`, as spec §8 says.
 */
export function useCopyToClipboard(failureText: string) {
  const [copiedKey, setCopiedKey] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  /** Copies `text`; `key` names the item for the feedback (the text itself unless given). */
  const copy = useCallback(
    async (text: string, key: string = text) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopiedKey(key);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopiedKey(null), COPIED_FEEDBACK_MS);
      } catch {
        window.alert(failureText);
      }
    },
    [failureText],
  );

  return { copiedKey, copy };
}
