import type { Dispatch, KeyboardEvent, SetStateAction } from 'react';

type ListboxKeys = {
  count: number;
  active: number;
  setActive: Dispatch<SetStateAction<number>>;
  choose: (index: number) => void;
  /** Closes the list; `refocus`: focus goes back to its button (Escape), not on to the next field (Tab). */
  close: (refocus: boolean) => void;
};

/**
 * The keyboard of an open listbox: arrows, Home and End move the active option, Enter and Space choose it,
 * Escape closes the list back to its button, Tab closes it and moves on.
 */
export function useListboxKeys({ count, active, setActive, choose, close }: ListboxKeys) {
  return function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const last = count - 1;
    switch (event.key) {
      case 'ArrowDown':
        setActive((index) => Math.min(last, index + 1));
        break;
      case 'ArrowUp':
        setActive((index) => Math.max(0, index - 1));
        break;
      case 'Home':
        setActive(0);
        break;
      case 'End':
        setActive(last);
        break;
      case 'Enter':
      case ' ':
        choose(active);
        break;
      case 'Escape':
        close(true);
        break;
      case 'Tab':
        close(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };
}
