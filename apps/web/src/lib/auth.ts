import { messageResponseSchema } from '@app/contracts/common';
import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

export const LOGIN_PATH = '/login';

export function logout(): Promise<unknown> {
  return apiRequest('/logout', { method: 'POST', schema: messageResponseSchema.partial().loose() });
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
      if (location.pathname !== LOGIN_PATH) navigate(LOGIN_PATH, { replace: true });
    },
  });
}
