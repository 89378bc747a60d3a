import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Queryable } from '../../src/db/database.ts';
import type { App } from '../../src/http/types.ts';
import { AUDIT_COLUMNS } from '../../src/modules/audit/audit.repository.ts';
import { totpCodeNow } from '../../src/modules/operators/totp.ts';
import { serviceKey } from './money.ts';

/** Helpers of the operator-API tests: sign-in, calls with credentials, the audit log. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A request with the given credentials (service key, operator or player bearer). */
export function call(
  app: App,
  auth: Record<string, string>,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  return app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
}

let usernameCounter = 0;
/** An operator username no other test uses (the contract allows 3 to 32 of [a-z0-9._-]). */
export function uniqueUsername(prefix = 'u'): string {
  usernameCounter += 1;
  return `${prefix}${process.pid % 100_000}-${Date.now() % 10_000_000}-${usernameCounter}`;
}

let addressCounter = 0;
/**
 * A client address of its own. Failed operator sign-ins count against the
 * address for 15 minutes; tests that fail on purpose use their own addresses
 * so that the shared app's 127.0.0.1 keeps its budget for other test files.
 */
export function uniqueAddress(): string {
  addressCounter += 1;
  return `10.99.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

export function operatorLogin(
  app: App,
  body: { username: string; password: string; code?: string },
  remoteAddress = uniqueAddress(),
) {
  return app.inject({ method: 'POST', url: ADMIN_PATHS.login, payload: body, remoteAddress });
}

const STEP_MS = 30_000;

/**
 * The code of the next TOTP step. A code is accepted once per step, and the
 * step of "now" may already be used by the operator's last sign-in; the next
 * step is still within the accepted drift.
 */
export function nextCode(secret: string): string {
  return totpCodeNow(secret, Date.now() + STEP_MS);
}

/** A six-digit code that is valid for no step near now (so "wrong" cannot be right by chance). */
export function wrongCode(secret: string): string {
  const now = Date.now();
  const valid = new Set([-2, -1, 0, 1, 2].map((step) => totpCodeNow(secret, now + step * STEP_MS)));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

export type AuditItem = {
  id: number;
  at: string;
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  hash: string;
};

/** GET /admin/audit with the given filters (as the service key). */
export async function auditList(
  app: App,
  query: Record<string, string | number>,
): Promise<{ items: AuditItem[]; total: number; page: number; limit: number }> {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await call(app, serviceKey, 'GET', `${ADMIN_PATHS.audit}?${search}`);
  if (response.statusCode !== 200) throw new Error(`audit list failed: ${response.body}`);
  return response.json().data;
}

/** GET /admin/audit/verify (as the service key). */
export async function auditVerify(
  app: App,
): Promise<{ ok: boolean; checked: number; headHash: string | null; problems: { id: number; problem: string }[] }> {
  const response = await call(app, serviceKey, 'GET', ADMIN_PATHS.auditVerify);
  if (response.statusCode !== 200) throw new Error(`audit verify failed: ${response.body}`);
  return response.json().data;
}

/** The audit rows about one target, oldest first, as the sealer and the verification read them. */
export function auditRowsOf(db: Queryable, targetType: string, targetId: number) {
  return db
    .selectFrom('audit_log')
    .select(AUDIT_COLUMNS)
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}
