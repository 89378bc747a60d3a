import {
  DEVICE_HEADER,
  type RegisterRequest,
  type RegisterResponse,
  registerResponseSchema,
} from '@app/contracts/auth';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const DEVICE_KEY = 'siam-play-device';

/**
 * A random id this device keeps: sent with registration only, so
 * that many accounts opened from one phone are flagged for the operators.
 * Nothing about the device itself; none when storage is unavailable.
 */
export function deviceId(): string | null {
  try {
    let id = localStorage.getItem(DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(DEVICE_KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

export function register(payload: RegisterRequest): Promise<RegisterResponse> {
  const device = deviceId();
  return apiRequest(API_PATHS.register, {
    method: 'POST',
    body: payload,
    schema: registerResponseSchema,
    ...(device ? { headers: { [DEVICE_HEADER]: device } } : {}),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
