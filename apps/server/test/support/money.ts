import type { BankTransferWebhook } from '@app/contracts/deposits';
import { ADMIN_PATHS, API_PATHS, WEBHOOK_PATHS } from '@app/contracts/paths';
import type { Queryable } from '../../src/db/database.ts';
import type { App } from '../../src/http/types.ts';
import { signWebhook } from '../../src/modules/deposits/webhook-signature.ts';
import {
  createEnrolledOperator,
  ensureSystemOperator,
  SYSTEM_OPERATORS,
} from '../../src/modules/operators/operator.service.ts';
import { totpCodeNow } from '../../src/modules/operators/totp.ts';
import { ADMIN_KEY, bearer, type TestContext, WEBHOOK_SECRET } from './test-app.ts';

/** The service key's headers: the `service` operator with admin rights. */
export const serviceKey = { 'x-admin-key': ADMIN_KEY };

let operatorCounter = 0;

export type TestOperator = { id: number; username: string; password: string; totpSecret: string; token: string };

/**
 * A new operator of the given role, enrolled and signed in through the API
 * with a current TOTP code. Each call makes a new operator, so TOTP codes
 * (accepted once per operator) never collide between tests.
 */
export async function newOperator(t: TestContext, role: 'operator' | 'admin' = 'operator'): Promise<TestOperator> {
  operatorCounter += 1;
  const username = `op${process.pid % 100_000}-${Date.now() % 1_000_000}-${operatorCounter}`;
  const password = 'operator-password-1';
  const cli = await ensureSystemOperator(t.database.db, SYSTEM_OPERATORS.cli);
  const created = await createEnrolledOperator(
    t.database.db,
    { operatorId: cli.id, name: cli.username },
    { username, displayName: `Test ${role}`, role, password },
  );
  const response = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.login,
    payload: { username, password, code: totpCodeNow(created.totpSecret) },
  });
  if (response.statusCode !== 200) throw new Error(`operator login failed: ${response.body}`);
  return { id: created.id, username, password, totpSecret: created.totpSecret, token: response.json().data.token };
}

export const operatorAuth = (operator: TestOperator) => bearer(operator.token);

/** Delivers a bank-feed transfer signed with the test secret (or tampered with, per the options). */
export function sendBankTransfer(
  app: App,
  body: BankTransferWebhook | Record<string, unknown>,
  options: { secret?: string; timestampSeconds?: number; rawBody?: string } = {},
) {
  const raw = options.rawBody ?? JSON.stringify(body);
  const timestamp = options.timestampSeconds ?? Math.floor(Date.now() / 1000);
  return app.inject({
    method: 'POST',
    url: WEBHOOK_PATHS.bankTransfers,
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': String(timestamp),
      'x-webhook-signature': signWebhook(options.secret ?? WEBHOOK_SECRET, timestamp, raw),
    },
    payload: raw,
  });
}

let referenceCounter = 0;
/** A bank reference no other test uses. */
export function uniqueReference(prefix = 'REF'): string {
  referenceCounter += 1;
  return `${prefix}${process.pid}${Date.now().toString(36)}${referenceCounter}`.toUpperCase();
}

/** POSTs a slip deposit as the player app does: multipart with `amount` and the `slip` file. */
export function uploadSlip(
  app: App,
  token: string,
  input: { amount: string; image?: Buffer; filename?: string; contentType?: string; idempotencyKey?: string },
) {
  const form = new FormData();
  form.append('amount', input.amount);
  if (input.image) {
    form.append(
      'slip',
      new Blob([new Uint8Array(input.image)], { type: input.contentType ?? 'image/png' }),
      input.filename ?? 'slip.png',
    );
  }
  return app.inject({
    method: 'POST',
    url: API_PATHS.deposit,
    headers: { ...bearer(token), ...(input.idempotencyKey ? { 'idempotency-key': input.idempotencyKey } : {}) },
    payload: form,
  });
}

/**
 * The lot the loyalty module keeps beside every points credit (the
 * ledger check holds a player's points balance to their lots), for tests that
 * post a points journal by hand to test the ledger itself.
 */
export async function recordPointsLot(
  db: Queryable,
  lot: { playerId: number; points: number; journalEntryId: number },
): Promise<void> {
  await db
    .insertInto('points_lots')
    .values({
      player_id: lot.playerId,
      points: lot.points,
      remaining: lot.points,
      source: 'REFUND',
      reference: `test-journal:${lot.journalEntryId}`,
      journal_entry_id: lot.journalEntryId,
    })
    .execute();
}
