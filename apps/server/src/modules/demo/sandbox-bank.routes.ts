import { randomBytes } from 'node:crypto';
import { findBank } from '@app/contracts/banks';
import type { BankTransferResult } from '@app/contracts/deposits';
import { satangToBaht } from '@app/contracts/money';
import { DEMO_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import type { BankStatementLine } from '@app/contracts/payouts';
import fastifyFormbody from '@fastify/formbody';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import type { App } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { signWebhook } from '../deposits/webhook-signature.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { listHouseAccounts } from '../settings/settings.service.ts';
import { DEMO_PLAYER } from './demo.seed.ts';
import { slipImage, slipPayload } from './demo-slip.ts';
import { type SandboxForm, type SandboxOutcome, type SandboxPayouts, sandboxBankPage } from './sandbox-bank.page.ts';

/** What these routes need from the composition root (app.ts). */
type SandboxBankRoutesDeps = { config: Config; db: Db; payouts?: PayoutContext };

/** Payout lines the page shows, newest first. */
const PAYOUT_LINES_SHOWN = 30;

/** The payout account's newest debits and balance, read from the sandbox bank itself. */
async function payoutsOf(deps: SandboxBankRoutesDeps): Promise<SandboxPayouts | undefined> {
  const bank = deps.payouts?.bank;
  if (!bank) return undefined;
  try {
    const balance = await bank.balance();
    const lines: BankStatementLine[] = [];
    let after = 0;
    for (let page = 0; page < 50; page += 1) {
      const read = await bank.statement(after, 1000);
      lines.push(...read.lines);
      if (read.lines.length < 1000) break;
      after = read.next;
    }
    return {
      available: true,
      balanceBaht: satangToBaht(balance),
      lines: lines
        .slice(-PAYOUT_LINES_SHOWN)
        .reverse()
        .map((line) => ({
          at: line.at,
          amountBaht: satangToBaht(line.amountMinor),
          toBankCode: line.toBankCode,
          toAccount: line.toAccount,
          reference: line.reference,
          bankReference: line.bankReference,
        })),
    };
  } catch {
    return { available: false };
  }
}

const formSchema = z.object({
  fromBankCode: z.string().max(10).default(''),
  fromAccountNumber: z.string().max(30).default(''),
  toAccountNumber: z.string().max(30).default(''),
  amount: z.string().max(20).default(''),
  reference: z.string().max(64).default(''),
  action: z.enum(['transfer', 'slip']).default('transfer'),
});

const slipParamsSchema = z.object({ reference: z.string().regex(/^[A-Za-z0-9]{1,32}$/) });
const slipQuerySchema = z.object({
  bank: z.string().regex(/^[A-Z]{2,8}$/),
  amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/),
});

const newReference = () => `SBX${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;

function slipUrl(form: SandboxForm): string {
  const query = new URLSearchParams({ bank: form.fromBankCode, amount: form.amount });
  return `${fillPath(DEMO_PATHS.sandboxBankSlip, { reference: form.reference })}?${query}`;
}

/** What each of the bank feed's answers means, and what happens next: the page's lines under its title. */
const RESULT_TEXT: Record<BankTransferResult, string> = {
  credited: 'Credited: the transfer matched a player (or their waiting slip) and their wallet went up.',
  unmatched: 'Unmatched: no single player fits the sender account; an operator assigns it.',
  duplicate: 'Duplicate: this reference was delivered before; nothing was credited again.',
  mismatch:
    'Already credited from a slip that differs from this transfer (amount or account): nothing was credited again. ' +
    'An operator checks it under Bank feed flags in the back office.',
  held: 'Held: the money reached the house account but was not put in the player’s wallet, and nothing is lost.',
};

const RESULT_TITLE: Record<BankTransferResult, string> = {
  credited: 'Credited',
  unmatched: 'Unmatched',
  duplicate: 'Duplicate',
  mismatch: 'Already credited, differently',
  held: 'Held for the player, not credited',
};

/** Why a transfer was held, by the held deposit's reason. */
const HELD_REASON_TEXT: Record<'DEPOSIT_LIMIT' | 'EXCLUDED', string> = {
  DEPOSIT_LIMIT: 'Why: crediting it would pass the deposit limit the player set for themselves (Play safe).',
  EXCLUDED:
    'Why: the player has paused their play (a time-out or a self-exclusion) and takes no deposits until it ends.',
};

const HELD_NEXT =
  'Next: the player sees it under Play safe → Held deposits and can send it back to their bank account; ' +
  'an operator can release it into the wallet from Held deposits in the back office.';

/** The lines under a held transfer's title: what happened, why, and what the player or an operator does next. */
async function heldLines(db: Db, transferId: number | undefined): Promise<string[]> {
  const held =
    transferId === undefined
      ? undefined
      : await db
          .selectFrom('held_deposits')
          .select('reason')
          .where('bank_transfer_id', '=', transferId)
          .executeTakeFirst();
  const why = held ? HELD_REASON_TEXT[held.reason as keyof typeof HELD_REASON_TEXT] : undefined;
  return [RESULT_TEXT.held, ...(why ? [why] : []), HELD_NEXT];
}

/**
 * The sandbox bank of demo mode: a page where a person sends a signed
 * bank-feed transfer, delivered through the real webhook path, and gets the
 * matching slip image to try confirm-deposit with.
 */
export async function sandboxBankRoutes(app: App, deps: SandboxBankRoutesDeps) {
  const secret = deps.config.bankWebhookSecret;
  assert(secret !== undefined, 'the sandbox bank needs the webhook secret');
  await app.register(fastifyFormbody, { bodyLimit: 4096 });

  const render = async (form: SandboxForm, outcome?: SandboxOutcome) => {
    const accounts = await listHouseAccounts(deps.db);
    return sandboxBankPage({
      form,
      outcome,
      houseAccounts: accounts
        .filter((account) => account.active)
        .map((account) => ({
          bankNumber: account.bankNumber,
          label: `${account.bankCode} ${account.bankNumber}`,
        })),
      payouts: await payoutsOf(deps),
    });
  };

  app.get(DEMO_PATHS.sandboxBank, { schema: { hide: true } }, async (_request, reply) => {
    const [house] = await listHouseAccounts(deps.db);
    const form: SandboxForm = {
      fromBankCode: DEMO_PLAYER.bankCode,
      fromAccountNumber: DEMO_PLAYER.bankNumber,
      toAccountNumber: house?.bankNumber ?? '',
      amount: '500',
      reference: newReference(),
    };
    return reply.type('text/html; charset=utf-8').send(await render(form));
  });

  app.post(DEMO_PATHS.sandboxBankTransfer, { schema: { hide: true } }, async (request, reply) => {
    const parsed = formSchema.safeParse(request.body ?? {});
    const input = parsed.success ? parsed.data : formSchema.parse({});
    const form: SandboxForm = { ...input, reference: input.reference.trim() || newReference() };
    const bankKnown = findBank(form.fromBankCode) !== undefined && /^[A-Za-z0-9]{1,32}$/.test(form.reference);
    let outcome: SandboxOutcome;
    if (input.action === 'slip') {
      outcome = bankKnown
        ? {
            ok: true,
            title: 'Slip drawn',
            lines: [`No transfer was sent. Upload this slip (reference ${form.reference}) in confirm-deposit.`],
            slipUrl: slipUrl(form),
          }
        : {
            ok: false,
            title: 'Cannot draw the slip',
            lines: ['Choose a listed bank and a reference of letters and digits.'],
          };
    } else {
      const body = JSON.stringify({
        reference: form.reference,
        fromBankCode: form.fromBankCode,
        fromAccountNumber: form.fromAccountNumber,
        toAccountNumber: form.toAccountNumber,
        amount: Number(form.amount),
        transferredAt: new Date().toISOString(),
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const delivered = await app.inject({
        method: 'POST',
        url: WEBHOOK_PATHS.bankTransfers,
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': String(timestamp),
          'x-webhook-signature': signWebhook(secret, timestamp, body),
        },
        payload: body,
      });
      const answer = delivered.json() as {
        data?: { result?: BankTransferResult; transferId?: number };
        message?: string;
      };
      const result = answer.data?.result;
      const explained = result === 'held' ? await heldLines(deps.db, answer.data?.transferId) : [];
      outcome =
        delivered.statusCode === 200 && result
          ? {
              ok: result !== 'duplicate' && result !== 'mismatch',
              title: RESULT_TITLE[result],
              lines: [
                ...(explained.length > 0 ? explained : [RESULT_TEXT[result]]),
                `Reference ${form.reference}, transfer id ${answer.data?.transferId ?? '?'}.`,
              ],
              ...(bankKnown ? { slipUrl: slipUrl(form) } : {}),
            }
          : {
              ok: false,
              title: `Refused (${delivered.statusCode})`,
              lines: [answer.message ?? 'The feed refused it.'],
            };
    }
    // After drawing a slip, the form keeps its reference, so "Send transfer" sends that slip's transfer.
    const next = input.action === 'slip' ? form : { ...form, reference: newReference() };
    return reply.type('text/html; charset=utf-8').send(await render(next, outcome));
  });

  app.get(DEMO_PATHS.sandboxBankSlip, { schema: { hide: true } }, async (request, reply) => {
    const params = slipParamsSchema.safeParse(request.params);
    const query = slipQuerySchema.safeParse(request.query);
    const bank = query.success ? findBank(query.data.bank) : undefined;
    if (!params.success || !query.success || !bank) throw new AppError(404, 'NOT_FOUND', 'not_found');
    const image = await slipImage(slipPayload({ sendingBank: bank.numericCode, reference: params.data.reference }), {
      withText: true,
      amountText: Number(query.data.amount).toFixed(2),
    });
    return reply
      .type('image/png')
      .header('content-disposition', `inline; filename="slip-${params.data.reference}.png"`)
      .header('cache-control', 'no-store')
      .send(image);
  });
}
