import { messageResponseSchema } from '@app/contracts/common';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { z } from 'zod/mini';
import { PAGE_PATHS } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export function logout(): Promise<unknown> {
  return apiRequest(API_PATHS.logout, {
    method: 'POST',
    schema: z.partial(z.looseObject(messageResponseSchema.shape)),
  });
}

/**
 * Spec §4: logout calls the server, clears local state even if that call fails,
 * and goes to /login unless the browser is already there.
 */
export function useLogout() {
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        console.error('Logout call failed; clearing the session anyway', error);
      }
    },
    onSettled: () => {
      clearSession();
      if (location.pathname !== PAGE_PATHS.login) navigate(PAGE_PATHS.login, { replace: true });
    },
  });
}
