import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS, seamlessResponseSchema } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import type { FaultBook, Operation } from './faults.ts';

/** What our server answered to one delivery: status 0 when no answer came (network failure, timeout, fault). */
export type CallbackAnswer = { operation: string; status: number; body: unknown };
export type CallbackName = keyof typeof SEAMLESS_CALLBACK_PATHS;
export type Payload = { playerRef: string; [field: string]: unknown };

/** How the sandbox reaches our server's seamless-wallet callbacks. */
export type CallbackDeps = {
  serverUrl: string;
  secret: string;
  timeoutMs: number;
  faults: FaultBook;
};

/** One POST to our server, signed; a network failure or timeout answers status 0. */
async function post(deps: CallbackDeps, name: CallbackName, payload: unknown): Promise<CallbackAnswer> {
  const body = JSON.stringify(payload);
  const signed = signedHeaders(deps.secret, body);
  try {
    const response = await fetch(`${deps.serverUrl}${SEAMLESS_CALLBACK_PATHS[name]}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: signed.timestamp,
        [PROVIDER_HEADERS.signature]: signed.signature,
      },
      body,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A non-JSON answer is kept as text, for the report.
    }
    return { operation: name, status: response.status, body: parsed };
  } catch (error) {
    return { operation: name, status: 0, body: { error: (error as Error).message } };
  }
}

/**
 * Delivers one callback, with the fault switches of a caller: `duplicate`
 * (or a round played with `duplicate`) sends it twice at once; `delay` waits
 * first; `error` and `timeout` never deliver it (the request died on the
 * way); `lost` delivers it but loses the answer. Whatever got no answer is
 * status 0.
 */
export async function deliver(
  deps: CallbackDeps,
  name: CallbackName,
  payload: Payload,
  options: { duplicate?: boolean } = {},
): Promise<CallbackAnswer[]> {
  const fault = deps.faults.take(`callback-${name}` as Operation, payload.playerRef);
  if (fault?.fault === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms ?? 1000));
  if (fault?.fault === 'error' || fault?.fault === 'timeout') {
    return [{ operation: name, status: 0, body: { error: `not delivered (${fault.fault})` } }];
  }
  if (fault?.fault === 'lost') {
    await post(deps, name, payload);
    return [{ operation: name, status: 0, body: { error: 'answer lost' } }];
  }
  if (fault?.fault === 'duplicate' || options.duplicate) {
    return Promise.all([post(deps, name, payload), post(deps, name, payload)]);
  }
  return [await post(deps, name, payload)];
}

/** Our server took the move: HTTP 200 with `ok: true`. */
export const accepted = (answers: CallbackAnswer[]) =>
  answers.some((answer) => {
    const parsed = seamlessResponseSchema.safeParse(answer.body);
    return answer.status === 200 && parsed.success && parsed.data.ok;
  });

/**
 * Our server decided: a business answer (HTTP 200, taken or refused) or a
 * malformed request (400), which sending again cannot change. No answer, a
 * 5xx or a signature refusal leaves the move's fate unknown.
 */
export const answered = (answers: CallbackAnswer[]) =>
  answers.some((answer) => answer.status === 200 || answer.status === 400);
