import type { ProviderErrorCode } from '@app/contracts/provider';

/** An HTTP answer of the sandbox: a status and a JSON body. */
export type Answer = { status: number; body: unknown };

export const refuse = (status: number, code: ProviderErrorCode, message: string): Answer => ({
  status,
  body: { ok: false, code, message },
});
