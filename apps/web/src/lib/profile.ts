import { API_PATHS } from '@app/contracts/paths';
import { profileResponseSchema, type User } from '@app/contracts/player';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';
import { useAuthStore } from '@/stores/auth-store';

/** Spec §7: a failed profile fetch is logged and yields null. A fresh profile also refreshes the auth state's user. */
export async function getProfile(): Promise<User | null> {
  try {
    const response = await apiRequest(API_PATHS.profile, { schema: profileResponseSchema });
    useAuthStore.getState().setUser(response.data);
    return response.data;
  } catch (error) {
    console.error('Could not load the profile', error);
    return null;
  }
}

export const profileQueryOptions = queryOptions({
  queryKey: ['profile'],
  queryFn: getProfile,
});

export function useProfile() {
  const hasSession = useHasSession();
  return useQuery({ ...profileQueryOptions, enabled: hasSession });
}
