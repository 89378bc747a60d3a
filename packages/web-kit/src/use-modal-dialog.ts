import { type SyntheticEvent, useEffect, useId, useRef } from 'react';

/**
 * The behaviour of a modal dialog on the platform's own `<dialog>`, shared by
 * both apps' Dialog components (each keeps its own markup): opened with
 * `showModal()` as it mounts (the browser makes the rest of the page inert and
 * keeps focus inside), Escape turned into `onClose` (so React state decides),
 * labelled by its title, and focus returned where it was when it closes.
 */
export function useModalDialog(onClose: (() => void) | undefined) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, []);

  /** Escape: the platform would close the dialog itself; the dialog's owner closes it instead. */
  function onCancel(event: SyntheticEvent<HTMLDialogElement>) {
    event.preventDefault();
    onCloseRef.current?.();
  }

  /** The owner's onClose, as it is now. */
  const close = () => onCloseRef.current?.();

  return { ref, titleId, onCancel, close };
}
