import { ApiError } from '@/lib/api-client';

/** Spec §8 history: the server's message when it sent one, else the screen's generic could-not-load text. */
export function loadErrorText(error: unknown, generic: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : generic;
}
