import { type RegisterRequest, type RegisterResponse, registerResponseSchema } from '@app/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function register(payload: RegisterRequest): Promise<RegisterResponse> {
  return apiRequest('/register', { method: 'POST', body: payload, schema: registerResponseSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
