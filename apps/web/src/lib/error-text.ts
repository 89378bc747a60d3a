import { ApiError } from '@/lib/api-client';

/** The server's words for a refusal, else the generic line. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
