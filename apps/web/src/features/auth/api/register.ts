import { type RegisterRequest, type RegisterResponse, registerResponseSchema } from '@app/contracts/auth';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function register(payload: RegisterRequest): Promise<RegisterResponse> {
  return apiRequest(API_PATHS.register, { method: 'POST', body: payload, schema: registerResponseSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
