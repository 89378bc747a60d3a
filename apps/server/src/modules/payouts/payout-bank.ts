import {
  BANK_PATHS,
  type BankPayRequest,
  type BankRefusalCode,
  type BankStatementLine,
  bankBalanceResponseSchema,
  bankPaidSchema,
  bankRefusalSchema,
  bankStatementResponseSchema,
  bankStatusResponseSchema,
} from '@app/contracts/payouts';
import { ProviderUnavailableError, signedPost } from '../games/provider-adapter.ts';

/** What became of a pay request: paid (with the bank's reference), refused for good, or unknown. */
export type PayOutcome =
  | { kind: 'paid'; bankReference: string; paidAt: Date }
  | { kind: 'refused'; code: BankRefusalCode; message: string }
  | { kind: 'unknown'; error: string };

/** What the bank says of one of our references. */
export type PayoutLookup =
  | { kind: 'paid'; bankReference: string; paidAt: Date }
  | { kind: 'refused'; code: BankRefusalCode; message: string }
  | { kind: 'not_found' };

/** The bank did not give a usable answer: nothing can be concluded from the call. */
export class BankUnavailableError extends Error {
  override name = 'BankUnavailableError';
}

/**
 * A bank's payout API as our server uses it (the protocol: contracts/payouts.ts).
 * `pay` is idempotent by our reference: the bank pays a reference once and
 * answers any repeat with what it did. A real bank's business API, or an
 * agent that drives its web banking, is one more implementation.
 */
export interface PayoutBank {
  pay(request: BankPayRequest): Promise<PayOutcome>;
  /** Throws BankUnavailableError when the bank does not answer. */
  status(reference: string): Promise<PayoutLookup>;
  /** The payout account's balance, in satang. Throws BankUnavailableError. */
  balance(): Promise<number>;
  /** The payout account's debit lines after `after`. Throws BankUnavailableError. */
  statement(after: number, limit: number): Promise<{ lines: BankStatementLine[]; next: number }>;
}

async function call(options: SandboxBankOptions, path: string, payload: unknown) {
  try {
    return await signedPost(options, path, payload, options.timeoutMs);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw new BankUnavailableError(error.message);
    throw error;
  }
}

function expectAnswer<T>(answer: { status: number; body: unknown }, parse: (body: unknown) => T | undefined): T {
  const parsed = answer.status === 200 ? parse(answer.body) : undefined;
  if (parsed === undefined) throw new BankUnavailableError(`unexpected answer ${answer.status}`);
  return parsed;
}

export type SandboxBankOptions = { baseUrl: string; secret: string; timeoutMs: number };

/** The sandbox bank's HTTP API (apps/sandbox-provider/src/bank.ts), with a hard timeout on every call. */
export function sandboxPayoutBank(options: SandboxBankOptions): PayoutBank {
  return {
    async pay(request) {
      let answer: { status: number; body: unknown };
      try {
        answer = await call(options, BANK_PATHS.pay, request);
      } catch (error) {
        return { kind: 'unknown', error: (error as Error).message };
      }
      const paid = bankPaidSchema.safeParse(answer.body);
      if (answer.status === 200 && paid.success && paid.data.reference === request.reference) {
        return { kind: 'paid', bankReference: paid.data.bankReference, paidAt: new Date(paid.data.paidAt) };
      }
      const refusal = bankRefusalSchema.safeParse(answer.body);
      if (answer.status >= 400 && answer.status < 500 && refusal.success) {
        return { kind: 'refused', code: refusal.data.code, message: refusal.data.message };
      }
      return { kind: 'unknown', error: `HTTP ${answer.status}` };
    },
    async status(reference) {
      const answer = await call(options, BANK_PATHS.status, { reference });
      const found = expectAnswer(answer, (body) => bankStatusResponseSchema.safeParse(body).data);
      if (found.status === 'PAID')
        return { kind: 'paid', bankReference: found.bankReference, paidAt: new Date(found.paidAt) };
      if (found.status === 'REFUSED') return { kind: 'refused', code: found.code, message: found.message };
      return { kind: 'not_found' };
    },
    async balance() {
      const answer = await call(options, BANK_PATHS.balance, {});
      return expectAnswer(answer, (body) => bankBalanceResponseSchema.safeParse(body).data).balanceMinor;
    },
    async statement(after, limit) {
      const answer = await call(options, BANK_PATHS.statement, { after, limit });
      const page = expectAnswer(answer, (body) => bankStatementResponseSchema.safeParse(body).data);
      return { lines: page.lines, next: page.next };
    },
  };
}
