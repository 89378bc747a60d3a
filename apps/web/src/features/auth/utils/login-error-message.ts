import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * Spec §8: a 500 asks the player to contact the admin; any other answer shows
 * the server's own message; without one, 'Login failed'; when no answer came at
 * all, 'Login failed. Please try again.'
 */
export function loginErrorMessage(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('login.failedRetry');
  if (error.status === 500) return t('login.contactAdmin');
  if (error.serverMessage) return error.serverMessage;
  return error.status === 0 ? t('login.failedRetry') : t('login.failed');
}
