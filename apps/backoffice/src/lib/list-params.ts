import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's place (page, filters, sort) kept in the address: a refresh, a link
 * sent to a colleague or Back returns to the same place. Changing a filter
 * goes back to page 1; the history is replaced, not stacked, by filter changes.
 */
export function useListParams<T extends Record<string, string>>(defaults: T) {
  const [params, setParams] = useSearchParams();
  const values = Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => [key, params.get(key) ?? fallback]),
  ) as T;
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);

  const set = useCallback(
    (changes: Partial<T> & { page?: number }) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (key === 'page') continue;
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          const nextPage = changes.page ?? 1;
          if (nextPage > 1) next.set('page', String(nextPage));
          else next.delete('page');
          return next;
        },
        { replace: changes.page === undefined },
      );
    },
    [defaults, setParams],
  );

  return { values, page, set };
}
