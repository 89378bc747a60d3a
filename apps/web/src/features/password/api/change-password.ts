import type { ChangePasswordRequest } from '@app/contracts/auth';
import { messageResponseSchema } from '@app/contracts/common';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/player/change-password with the current password (`oldPassword`) and
 * the new one (`password`). The server ends the player's other sessions and
 * keeps this one: the stored token stays valid, so nothing changes here.
 */
export function changePassword(request: ChangePasswordRequest) {
  return apiRequest(API_PATHS.changePassword, { method: 'POST', body: request, schema: messageResponseSchema });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
