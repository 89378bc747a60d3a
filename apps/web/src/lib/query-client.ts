import { QueryClient } from '@tanstack/react-query';

/** Spec §7: data fetches do not revalidate on focus and do not retry on error. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** The settings are public; the other queries belong to the signed-in player. */
export const SETTINGS_QUERY_KEY = ['settings'] as const;
