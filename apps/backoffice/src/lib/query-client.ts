import { QueryClient } from '@tanstack/react-query';

/**
 * Lists refresh on their own (refetchInterval per query) and keep showing the
 * last answer while the next one loads, so an operator never loses their
 * place; a failed call is not retried behind the operator's back.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: true, retry: false, staleTime: 2000 },
    mutations: { retry: false },
  },
});

/** How often the queues and the dashboard refresh themselves. */
export const QUEUE_REFRESH_MS = 10_000;
