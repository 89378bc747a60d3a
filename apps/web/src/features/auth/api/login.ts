import type { LoginRequest, LoginResponse } from '@app/contracts/auth';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { useAuthStore } from '@/stores/auth-store';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest(API_PATHS.login, {
    method: 'POST',
    body: credentials,
    schema: () => import('@app/contracts/auth').then((contract) => contract.loginResponseSchema),
  });
}

/**
 * POST /login. The auth state's isLoading and error follow the call; on success
 * the token is stored and the player marked authenticated (spec §3, §4).
 */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onMutate: () => {
      useAuthStore.getState().update({ isLoading: true, error: null });
    },
    onSuccess: (response) => startSession(response.data.token, response.data.user),
    onError: (error) => useAuthStore.getState().setError(error.message),
    onSettled: () => useAuthStore.getState().setLoading(false),
  });
}
