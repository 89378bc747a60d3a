import { randomUUID } from 'node:crypto';
import type {
  CreateOperatorRequest,
  Operator,
  OperatorLoginResponse,
  OperatorRole,
  UpdateOperatorRequest,
} from '@app/contracts/admin';
import {
  LOGIN_FAILURE_WINDOW_MS,
  OPERATOR_FAILURES_PER_ADDRESS_MAX,
  OPERATOR_FAILURES_PER_USERNAME_MAX,
} from '@app/contracts/limits';
import { satangToBaht } from '@app/contracts/money';
import { toSatang } from '@app/contracts/wallet';
import type { Db } from '../../db/database.ts';
import type { OperatorPrincipal } from '../../http/principal.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import type { TokenSigner } from '../auth/tokens.ts';
import { throttle } from '../throttle/throttle.service.ts';
import { type OperatorRow, operatorRepository } from './operator.repository.ts';
import { generateTotpSecret, totpStepOf, totpUri } from './totp.ts';

export type OperatorAuthContext = { db: Db; signer: TokenSigner; sessionTtlMs: number };

/** The operator behind a request: a signed-in person, or a system operator (service key, CLI). */

/** System operators never sign in: the service key of automation and the command line. */
export const SYSTEM_OPERATORS = { service: 'service', cli: 'cli' } as const;

const ENROL_TTL_MS = 10 * 60 * 1000;

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'operator_invalid_credentials');
const enrolmentInvalid = () => new AppError(401, 'ENROLMENT_INVALID', 'enrolment_invalid');

/**
 * The throttles of an operator's sign-in and enrolment: per username first
 * (5 in 15 minutes, the guard against guessing one operator's password or
 * code), and per address high enough (100) that the back office is not locked
 * out for everyone behind one address, while one machine still cannot try
 * many usernames.
 */
function operatorThrottles(scope: 'operator' | 'operator_enrol', subject: string, clientAddress: string) {
  return [
    { scope, subject, max: OPERATOR_FAILURES_PER_USERNAME_MAX, windowMs: LOGIN_FAILURE_WINDOW_MS },
    {
      scope: 'operator_address' as const,
      subject: clientAddress,
      max: OPERATOR_FAILURES_PER_ADDRESS_MAX,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
    },
  ];
}

function present(row: OperatorRow): Operator {
  return { id: row.id, username: row.username, displayName: row.displayName, role: row.role };
}

export function presentOperatorListItem(row: OperatorRow) {
  return {
    ...present(row),
    enrolled: row.totpEnrolledAt !== null,
    disabled: row.disabledAt !== null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    manualCreditLimit: row.manualCreditLimit === null ? null : satangToBaht(row.manualCreditLimit),
  };
}

/** Creates (once) a system operator row, so that its actions are attributed in the audit log. */
export async function ensureSystemOperator(db: Db, username: string): Promise<OperatorPrincipal> {
  // Read first: a start on a database that has it writes nothing.
  let row = await operatorRepository.findByUsername(db, username);
  if (!row) {
    await operatorRepository.insert(db, { username, displayName: username, role: 'admin', passwordHash: null });
    row = await operatorRepository.findByUsername(db, username);
  }
  if (!row) throw new Error(`system operator ${username} is missing`);
  return { ...present(row), sessionId: null };
}

async function startSession(
  ctx: OperatorAuthContext,
  row: OperatorRow,
  purpose: 'session' | 'enrol',
  client: { clientAddress: string; userAgent: string | null },
  enrolSecret?: string,
) {
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + (purpose === 'enrol' ? ENROL_TTL_MS : ctx.sessionTtlMs));
  await operatorRepository.insertSession(ctx.db, {
    id: sessionId,
    operatorId: row.id,
    purpose,
    expiresAt,
    clientAddress: client.clientAddress,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
    ...(enrolSecret ? { totpSecret: enrolSecret } : {}),
  });
  const token = await ctx.signer.sign({ sessionId, subjectId: row.id }, expiresAt);
  return { token, expiresAt: expiresAt.toISOString() };
}

type Client = { clientAddress: string; userAgent: string | null };

/**
 * Signs an operator in with password and TOTP code. An operator who has not
 * enrolled a second factor yet gets an enrolment instead of a session: a
 * secret drawn for this attempt alone (kept on the enrolment, not on the
 * operator), its otpauth URI and a short-lived token for `enrol`. Attempts
 * are throttled per username first, and per address, before the password is
 * checked.
 */
export async function operatorLogin(
  ctx: OperatorAuthContext,
  input: { username: string; password: string; code?: string | undefined } & Client,
): Promise<OperatorLoginResponse['data']> {
  const username = input.username.trim().toLowerCase();
  const reserved = await throttle.reserve(
    ctx.db,
    operatorThrottles('operator', username, input.clientAddress),
    'too_many_operator_attempts',
  );
  const row = await operatorRepository.findByUsername(ctx.db, username);
  const valid =
    row?.passwordHash && !row.disabledAt
      ? await verifyPassword(row.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
  if (!row || !valid) throw invalidCredentials();

  if (!row.totpEnrolledAt || !row.totpSecret) {
    const secret = generateTotpSecret();
    await throttle.release(ctx.db, reserved);
    const enrolment = await startSession(ctx, row, 'enrol', input, secret);
    return {
      status: 'ENROL',
      enrolToken: enrolment.token,
      otpauthUri: totpUri(secret, row.username),
      secret,
      expiresAt: enrolment.expiresAt,
    };
  }
  if (!input.code) throw new AppError(401, 'TOTP_REQUIRED', 'totp_required');
  const step = totpStepOf(row.totpSecret, input.code);
  if (step === undefined || !(await operatorRepository.acceptTotpStep(ctx.db, row.id, step)))
    throw invalidCredentials();
  await throttle.release(ctx.db, reserved);
  await throttle.clear(ctx.db, 'operator', username);
  const session = await startSession(ctx, row, 'session', input);
  return { status: 'SIGNED_IN', ...session, operator: present(row) };
}

/**
 * Finishes enrolment: the first code from the authenticator proves the
 * enrolment's secret was saved, which then becomes the operator's. An
 * enrolment token works once: enrolling ends every enrolment of the operator,
 * and a token of an operator who is enrolled already finishes nothing. Codes
 * are throttled like sign-in (per operator, then per address).
 */
export async function operatorEnrol(
  ctx: OperatorAuthContext,
  input: { enrolToken: string; code: string } & Client,
): Promise<Extract<OperatorLoginResponse['data'], { status: 'SIGNED_IN' }>> {
  const claims = await ctx.signer.verify(input.enrolToken);
  if (!claims) throw enrolmentInvalid();
  const subject = String(claims.subjectId);
  const reserved = await throttle.reserve(
    ctx.db,
    operatorThrottles('operator_enrol', subject, input.clientAddress),
    'too_many_operator_attempts',
  );
  const enrolment = await operatorRepository.findEnrolment(ctx.db, claims.sessionId, claims.subjectId);
  if (!enrolment) throw enrolmentInvalid();
  const step = totpStepOf(enrolment.secret, input.code);
  if (step === undefined) throw invalidCredentials();
  const row = enrolment.operator;
  await ctx.db.transaction().execute(async (trx) => {
    // Two enrolments finishing at once: the second finds the operator enrolled and finishes nothing.
    const current = await operatorRepository.findById(trx, row.id, { forUpdate: true });
    if (!current || current.totpEnrolledAt) throw enrolmentInvalid();
    await operatorRepository.update(trx, row.id, {
      totp_secret: enrolment.secret,
      totp_enrolled_at: new Date(),
      totp_last_step: step,
    });
    await operatorRepository.revokeEnrolments(trx, row.id);
    await appendAudit(
      trx,
      { operatorId: row.id, name: row.username },
      { action: 'operator.enrol_second_factor', targetType: 'operator', targetId: row.id },
    );
  });
  await throttle.release(ctx.db, reserved);
  await throttle.clear(ctx.db, 'operator_enrol', subject);
  const session = await startSession(ctx, row, 'session', input);
  return { status: 'SIGNED_IN', ...session, operator: present(row) };
}

/** The operator a bearer token names, if the token is genuine and its session active. */
export async function authenticateOperator(
  ctx: OperatorAuthContext,
  token: string,
): Promise<OperatorPrincipal | undefined> {
  const claims = await ctx.signer.verify(token);
  if (!claims) return undefined;
  const row = await operatorRepository.findBySession(ctx.db, claims.sessionId, claims.subjectId, 'session');
  return row ? { ...present(row), sessionId: claims.sessionId } : undefined;
}

export async function operatorLogout(ctx: OperatorAuthContext, principal: OperatorPrincipal): Promise<void> {
  if (principal.sessionId) await operatorRepository.revokeSession(ctx.db, principal.sessionId);
}

export async function operatorExists(db: Db, username: string): Promise<boolean> {
  return (await operatorRepository.findByUsername(db, username)) !== undefined;
}

export async function listOperators(db: Db) {
  return (await operatorRepository.list(db)).map(presentOperatorListItem);
}

/** Creates an operator; the second factor is enrolled at their first sign-in. */
export async function createOperator(db: Db, actor: Actor, input: CreateOperatorRequest) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const id = await operatorRepository.insert(trx, {
      username: input.username,
      displayName: input.displayName,
      role: input.role,
      passwordHash,
    });
    if (id === 0) throw new AppError(409, 'OPERATOR_EXISTS', 'operator_exists');
    const row = await operatorRepository.findById(trx, id);
    if (!row) throw new AppError(404, 'OPERATOR_NOT_FOUND', 'operator_not_found');
    const after = presentOperatorListItem(row);
    await appendAudit(trx, actor, { action: 'operator.create', targetType: 'operator', targetId: id, after });
    return after;
  });
}

/**
 * Changes an operator's name, role, password or disabled flag, or resets the
 * second factor. Disabling or resetting ends the operator's sessions. Nobody
 * changes their own role or disables themselves, so an admin cannot lock the
 * back office out by accident.
 */
export async function updateOperator(db: Db, actor: Actor, id: number, input: UpdateOperatorRequest) {
  // Nor their own credit limit: the second approval would then be theirs to lift.
  if (
    actor.operatorId === id &&
    (input.role !== undefined || input.disabled !== undefined || input.manualCreditLimit !== undefined)
  ) {
    throw new AppError(409, 'CANNOT_CHANGE_SELF', 'cannot_change_self');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return db.transaction().execute(async (trx) => {
    const row = await operatorRepository.findById(trx, id, { forUpdate: true });
    if (!row || row.passwordHash === null) throw new AppError(404, 'OPERATOR_NOT_FOUND', 'operator_not_found');
    const before = presentOperatorListItem(row);
    await operatorRepository.update(trx, id, {
      ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
      ...(input.role !== undefined ? { role: input.role } : {}),
      ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
      ...(input.disabled !== undefined ? { disabled_at: input.disabled ? new Date() : null } : {}),
      ...(input.resetSecondFactor ? { totp_secret: null, totp_enrolled_at: null, totp_last_step: null } : {}),
      ...(input.manualCreditLimit !== undefined
        ? { manual_credit_limit: input.manualCreditLimit === null ? null : toSatang(input.manualCreditLimit) }
        : {}),
    });
    if (input.disabled || input.resetSecondFactor || passwordHash) await operatorRepository.revokeAllSessions(trx, id);
    const updated = await operatorRepository.findById(trx, id);
    if (!updated) throw new AppError(404, 'OPERATOR_NOT_FOUND', 'operator_not_found');
    const after = presentOperatorListItem(updated);
    await appendAudit(trx, actor, {
      action: 'operator.update',
      targetType: 'operator',
      targetId: id,
      before,
      after: { ...after, passwordChanged: passwordHash !== undefined },
    });
    return after;
  });
}

/**
 * Creates an operator whose second factor is enrolled at once, for the CLI's
 * first admin and the demo operator: the caller shows the secret once.
 */
export async function createEnrolledOperator(
  db: Db,
  actor: Actor,
  input: { username: string; displayName: string; role: OperatorRole; password: string; totpSecret?: string },
): Promise<{ id: number; totpSecret: string }> {
  const created = await createOperator(db, actor, input);
  const totpSecret = input.totpSecret ?? generateTotpSecret();
  await db
    .transaction()
    .execute((trx) =>
      operatorRepository.update(trx, created.id, { totp_secret: totpSecret, totp_enrolled_at: new Date() }),
    );
  return { id: created.id, totpSecret };
}
