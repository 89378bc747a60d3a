import { randomBytes } from 'node:crypto';
import type {
  BankPayRequest,
  BankRefusalCode,
  bankStatementRequestSchema,
  bankStatusRequestSchema,
} from '@app/contracts/payouts';
import type { z } from 'zod';
import type { Answer } from './answers.ts';
import type { BankBooks, BankPayout, SandboxState } from './state.ts';

/**
 * The sandbox bank: the payout account of a Thai bank's business
 * API, as our server's payout connector speaks to it (contracts/payouts.ts).
 * A payout is idempotent by our reference: asked again, the bank answers what
 * it did the first time and never pays twice. Every change is synchronous, so
 * one request is atomic with respect to every other in this process, and the
 * caller saves the books before answering.
 */
export type BankRules = { state: SandboxState; openingMinor: number };

const books = (rules: BankRules): BankBooks => rules.state.bank(rules.openingMinor);

const refusal = (status: number, code: BankRefusalCode, message: string): Answer => ({
  status,
  body: { ok: false, code, message },
});

function paidAnswer(reference: string, payout: BankPayout): Answer {
  return {
    status: 200,
    body: {
      ok: true,
      status: 'PAID',
      reference,
      bankReference: payout.bankReference,
      amountMinor: payout.amountMinor,
      paidAt: new Date(payout.at).toISOString(),
    },
  };
}

function answerOf(reference: string, payout: BankPayout): Answer {
  if (payout.status === 'PAID') return paidAnswer(reference, payout);
  return refusal(422, (payout.code as BankRefusalCode | null) ?? 'REFUSED', payout.message ?? 'Refused.');
}

const sameRequest = (payout: BankPayout, request: BankPayRequest) =>
  payout.amountMinor === request.amountMinor &&
  payout.toAccount === request.toAccount &&
  payout.toBankCode === request.toBankCode;

/** Refuses a payout for good (the `refuse` fault): the reference stays refused. */
export function refusePayout(rules: BankRules, request: BankPayRequest): Answer {
  const bank = books(rules);
  const known = bank.payouts[request.reference];
  if (known) return pay(rules, request);
  const refused: BankPayout = {
    status: 'REFUSED',
    toBankCode: request.toBankCode,
    toAccount: request.toAccount,
    toName: request.toName,
    amountMinor: request.amountMinor,
    bankReference: null,
    code: 'ACCOUNT_INVALID',
    message: 'The receiving account cannot take transfers (sandbox fault).',
    at: Date.now(),
    requests: 1,
  };
  rules.state.recordPayout(request.reference, refused);
  return answerOf(request.reference, refused);
}

/**
 * Pays `amountMinor` from the payout account to the player's account, once
 * per reference: the first request pays (and writes the statement's debit
 * line); a repeat answers the same; the same reference with another amount
 * or account is refused (REFERENCE_MISMATCH) and changes nothing.
 */
export function pay(rules: BankRules, request: BankPayRequest): Answer {
  const bank = books(rules);
  const known = bank.payouts[request.reference];
  if (known) {
    if (!sameRequest(known, request)) {
      return refusal(409, 'REFERENCE_MISMATCH', 'This reference was used for another payout.');
    }
    known.requests += 1;
    rules.state.recordPayout(request.reference, known);
    return answerOf(request.reference, known);
  }
  if (bank.balanceMinor < request.amountMinor) {
    // Not recorded: once the account is funded, the same reference can be paid.
    return refusal(422, 'INSUFFICIENT_FUNDS', 'The payout account does not hold enough money.');
  }
  const at = Date.now();
  const bankReference = `SBK${at.toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
  const payout: BankPayout = {
    status: 'PAID',
    toBankCode: request.toBankCode,
    toAccount: request.toAccount,
    toName: request.toName,
    amountMinor: request.amountMinor,
    bankReference,
    code: null,
    message: null,
    at,
    requests: 1,
  };
  bank.balanceMinor -= request.amountMinor;
  rules.state.recordPayout(request.reference, payout, {
    line: bank.lines.length + 1,
    reference: request.reference,
    bankReference,
    amountMinor: request.amountMinor,
    toBankCode: request.toBankCode,
    toAccount: request.toAccount,
    at,
  });
  return paidAnswer(request.reference, payout);
}

/** What became of one of our references. Asking never changes anything: a later pay may still arrive. */
export function payoutStatus(rules: BankRules, body: z.infer<typeof bankStatusRequestSchema>): Answer {
  const payout = books(rules).payouts[body.reference];
  if (!payout) return { status: 200, body: { ok: true, status: 'NOT_FOUND', reference: body.reference } };
  if (payout.status === 'PAID') return paidAnswer(body.reference, payout);
  return {
    status: 200,
    body: { ok: true, status: 'REFUSED', reference: body.reference, code: payout.code, message: payout.message },
  };
}

export function bankBalance(rules: BankRules): Answer {
  return { status: 200, body: { ok: true, balanceMinor: books(rules).balanceMinor } };
}

/** The statement's debit lines after `after`, oldest first. */
export function statement(rules: BankRules, body: z.infer<typeof bankStatementRequestSchema>): Answer {
  const lines = books(rules)
    .lines.slice(body.after, body.after + body.limit)
    .map((line) => ({ ...line, direction: 'OUT', at: new Date(line.at).toISOString() }));
  const next = lines.at(-1)?.line ?? body.after;
  return { status: 200, body: { ok: true, lines, next } };
}

/** The books for a test: every payout, the balance, how long the statement is. */
export function bankBooks(rules: BankRules): Answer {
  const bank = books(rules);
  return {
    status: 200,
    body: {
      ok: true,
      balanceMinor: bank.balanceMinor,
      payouts: Object.entries(bank.payouts).map(([reference, payout]) => ({
        reference,
        status: payout.status,
        amountMinor: payout.amountMinor,
        bankReference: payout.bankReference,
        requests: payout.requests,
      })),
      lines: bank.lines.length,
    },
  };
}

/** The newest payouts, for the bank's page. */
export function recentPayouts(rules: BankRules, limit: number): (BankPayout & { reference: string })[] {
  return Object.entries(books(rules).payouts)
    .map(([reference, payout]) => ({ ...payout, reference }))
    .sort((a, b) => b.at - a.at)
    .slice(0, limit);
}

export function balanceOf(rules: BankRules): number {
  return books(rules).balanceMinor;
}
