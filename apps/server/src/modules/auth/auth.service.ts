import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { credentials } from '../player/player.service.ts';
import { authRepository } from './auth.repository.ts';
import { loginThrottle } from './login-throttle.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts';
import type { TokenSigner } from './tokens.ts';

export type AuthContext = { db: Db; signer: TokenSigner; sessionTtlMs: number };
export type Session = { sessionId: string; playerId: number };

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'invalid_credentials');

/**
 * Logs a player in by phone and password. An unknown phone and a wrong
 * password answer alike, in message and in time. Failures are throttled per
 * phone and per client address.
 */
export async function login(
  ctx: AuthContext,
  input: { phoneNumber: string; password: string; clientAddress: string; userAgent: string | null },
): Promise<{ token: string; playerId: number }> {
  const subjects = [
    { scope: 'phone' as const, subject: input.phoneNumber },
    { scope: 'address' as const, subject: input.clientAddress },
  ];
  await loginThrottle.assertAllowed(ctx.db, subjects);
  const found = await credentials.findByPhone(ctx.db, input.phoneNumber);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!found || !valid) {
    await loginThrottle.recordFailure(ctx.db, subjects);
    throw invalidCredentials();
  }
  await loginThrottle.clearPhone(ctx.db, input.phoneNumber);

  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.sessionTtlMs);
  await authRepository.insertSession(ctx.db, {
    id: sessionId,
    playerId: found.id,
    expiresAt,
    clientAddress: input.clientAddress,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  const token = await ctx.signer.sign({ sessionId, playerId: found.id }, expiresAt);
  return { token, playerId: found.id };
}

/** The session a bearer token names, if the token is genuine and its session is still active. */
export async function authenticate(ctx: AuthContext, token: string): Promise<Session | undefined> {
  const claims = await ctx.signer.verify(token);
  if (!claims) return undefined;
  const active = await authRepository.isSessionActive(ctx.db, claims.sessionId, claims.playerId);
  return active ? claims : undefined;
}

export function logout(ctx: AuthContext, session: Session): Promise<void> {
  return authRepository.revokeSession(ctx.db, session.sessionId);
}

/** Changes the password after checking the current one, and ends every other session of the player. */
export async function changePassword(
  ctx: AuthContext,
  session: Session,
  input: { oldPassword: string; password: string },
): Promise<void> {
  const currentHash = await credentials.findHash(ctx.db, session.playerId);
  if (!currentHash || !(await verifyPassword(currentHash, input.oldPassword))) {
    throw new AppError(400, 'WRONG_OLD_PASSWORD', 'wrong_old_password');
  }
  const newHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await credentials.updateHash(trx, session.playerId, newHash);
    await authRepository.revokeOtherSessions(trx, session.playerId, session.sessionId);
  });
}
