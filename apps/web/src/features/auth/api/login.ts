import { type LoginRequest, type LoginResponse, loginResponseSchema } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { startSession } from '@/lib/session';

export function login(credentials: LoginRequest): Promise<LoginResponse> {
  return apiRequest('/login', { method: 'POST', body: credentials, schema: loginResponseSchema });
}

/** POST /login; on success the token is stored and the player marked authenticated (spec §4). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => startSession(response.data.token, response.data.user),
  });
}
