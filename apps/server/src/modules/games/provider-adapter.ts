import {
  balanceResponseSchema,
  createPlayerResponseSchema,
  launchResponseSchema,
  PROVIDER_HEADERS,
  PROVIDER_SEAMLESS_PATHS,
  PROVIDER_WALLET_PATHS,
  type ProviderBalance,
  type ProviderErrorCode,
  providerErrorSchema,
  statusResponseSchema,
  type TransferStatus,
  type WalletTransferRequest,
  walletTransferResponseSchema,
} from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import type { z } from 'zod';

/** What became of a transfer request: done, refused for sure, or unknown (a timeout, a lost answer, a 5xx). */
export type TransferOutcome =
  | { kind: 'completed' }
  | { kind: 'rejected'; code: ProviderErrorCode; message: string }
  | { kind: 'unknown'; error: string };

/** The provider did not give a usable answer: nothing can be concluded from the call. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/**
 * A transfer-wallet provider as our server uses it: the player holds credit at
 * the provider, moved in and out by transfers that are idempotent by our
 * reference. A real provider is one more implementation of this interface.
 */
export interface TransferWalletProvider {
  registerPlayer(playerRef: string): Promise<void>;
  creditIn(request: WalletTransferRequest): Promise<TransferOutcome>;
  creditOut(request: WalletTransferRequest): Promise<TransferOutcome>;
  balance(playerRef: string, timeoutMs: number): Promise<ProviderBalance>;
  status(reference: string): Promise<TransferStatus>;
  launchUrl(playerRef: string, lang: string): Promise<string>;
}

/** A seamless-wallet provider: it calls our callbacks; we only ask it for launch URLs. */
export interface SeamlessProvider {
  launchUrl(playerRef: string, lang: string): Promise<string>;
}

export type Answer = { status: number; body: unknown };

/** Refusals that prove the provider did not apply the request. */
const DEFINITE_REFUSALS: ReadonlySet<ProviderErrorCode> = new Set([
  'SIGNATURE_INVALID',
  'VALIDATION_ERROR',
  'PLAYER_NOT_FOUND',
  'INSUFFICIENT_CREDIT',
  'REFERENCE_VOIDED',
  'REFERENCE_MISMATCH',
]);

/** One signed POST with a hard timeout. Throws ProviderUnavailableError when no answer arrives. */
export async function signedPost(
  options: { baseUrl: string; secret: string },
  path: string,
  payload: unknown,
  timeoutMs: number,
): Promise<Answer> {
  const body = JSON.stringify(payload);
  const signed = signedHeaders(options.secret, body);
  try {
    const response = await fetch(new URL(path, options.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: signed.timestamp,
        [PROVIDER_HEADERS.signature]: signed.signature,
      },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, body: json };
  } catch (error) {
    throw new ProviderUnavailableError(`${path}: ${(error as Error).message}`);
  }
}

function expectOk<T extends z.ZodType>(answer: Answer, schema: T, what: string): z.infer<T> {
  const parsed = schema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) {
    throw new ProviderUnavailableError(`${what}: unexpected answer ${answer.status}`);
  }
  return parsed.data;
}

function transferOutcome(answer: Answer): TransferOutcome {
  if (answer.status === 200 && walletTransferResponseSchema.safeParse(answer.body).success)
    return { kind: 'completed' };
  const refusal = providerErrorSchema.safeParse(answer.body);
  if (answer.status >= 400 && answer.status < 500 && refusal.success && DEFINITE_REFUSALS.has(refusal.data.code)) {
    return { kind: 'rejected', code: refusal.data.code, message: refusal.data.message };
  }
  return { kind: 'unknown', error: `HTTP ${answer.status}` };
}

/** The sandbox provider's HTTP API (apps/sandbox-provider), per packages/contracts/src/provider.ts. */
export function sandboxTransferWallet(options: {
  baseUrl: string;
  secret: string;
  timeoutMs: number;
}): TransferWalletProvider {
  const transfer = async (path: string, request: WalletTransferRequest): Promise<TransferOutcome> => {
    try {
      return transferOutcome(await signedPost(options, path, request, options.timeoutMs));
    } catch (error) {
      return { kind: 'unknown', error: (error as Error).message };
    }
  };
  return {
    async registerPlayer(playerRef) {
      const answer = await signedPost(
        options,
        PROVIDER_WALLET_PATHS.createPlayer,
        { playerRef, currency: 'THB' },
        options.timeoutMs,
      );
      expectOk(answer, createPlayerResponseSchema, 'register player');
    },
    creditIn: (request) => transfer(PROVIDER_WALLET_PATHS.creditIn, request),
    creditOut: (request) => transfer(PROVIDER_WALLET_PATHS.creditOut, request),
    async balance(playerRef, timeoutMs) {
      return expectOk(
        await signedPost(options, PROVIDER_WALLET_PATHS.balance, { playerRef }, timeoutMs),
        balanceResponseSchema,
        'balance',
      );
    },
    async status(reference) {
      const answer = await signedPost(options, PROVIDER_WALLET_PATHS.status, { reference }, options.timeoutMs);
      return expectOk(answer, statusResponseSchema, 'status').status;
    },
    async launchUrl(playerRef, lang) {
      const answer = await signedPost(options, PROVIDER_WALLET_PATHS.launch, { playerRef, lang }, options.timeoutMs);
      return expectOk(answer, launchResponseSchema, 'launch').url;
    },
  };
}

export function sandboxSeamless(options: { baseUrl: string; secret: string; timeoutMs: number }): SeamlessProvider {
  return {
    async launchUrl(playerRef, lang) {
      const answer = await signedPost(options, PROVIDER_SEAMLESS_PATHS.launch, { playerRef, lang }, options.timeoutMs);
      return expectOk(answer, launchResponseSchema, 'launch').url;
    },
  };
}
