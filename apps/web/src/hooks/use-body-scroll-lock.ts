import { useEffect } from 'react';

/** Spec §2: the main frame locks body scrolling; only its own content area scrolls. */
export function useBodyScrollLock(): void {
  useEffect(() => {
    const { body } = document;
    const previous = body.style.overflow;
    body.style.overflow = 'hidden';
    return () => {
      body.style.overflow = previous;
    };
  }, []);
}
