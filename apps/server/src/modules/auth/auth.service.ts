import { randomUUID } from 'node:crypto';
import { SESSIONS_PER_PLAYER_MAX } from '@app/contracts/limits';
import type { Db, Trx } from '../../db/database.ts';
import type { Session } from '../../http/principal.ts';
import { authRepository } from './auth.repository.ts';
import type { TokenSigner } from './tokens.ts';

/**
 * The players' sessions: a token names one, a guard checks it. Registration,
 * sign-in and a new password are the player module's (player/sign-in.service.ts):
 * they check the player's credentials and then open or end sessions here.
 */
export type AuthContext = {
  db: Db;
  signer: TokenSigner;
  sessionTtlMs: number;
  /** Registrations allowed per client address per hour; 0 means no limit (load tests). */
  registerLimitPerHour: number;
};

/** The session a bearer token names, if the token is genuine and its session is still active. */
export async function authenticate(ctx: AuthContext, token: string): Promise<Session | undefined> {
  const claims = await ctx.signer.verify(token);
  if (!claims) return undefined;
  const active = await authRepository.isSessionActive(ctx.db, claims.sessionId, claims.subjectId);
  return active ? { sessionId: claims.sessionId, playerId: claims.subjectId } : undefined;
}

/** Whether a session (from a token already verified) is still active: not revoked, not expired. */
export function isSessionActive(ctx: AuthContext, session: Session): Promise<boolean> {
  return authRepository.isSessionActive(ctx.db, session.sessionId, session.playerId);
}

export function logout(ctx: AuthContext, session: Session): Promise<void> {
  return authRepository.revokeSession(ctx.db, session.sessionId);
}

/**
 * Opens a session for a player whose credentials were checked, keeping at most
 * SESSIONS_PER_PLAYER_MAX of theirs (the oldest are revoked), and signs its token.
 */
export async function openSession(
  ctx: AuthContext,
  playerId: number,
  client: { clientAddress: string; userAgent: string | null },
): Promise<string> {
  const sessionId = randomUUID();
  const expiresAt = new Date(Date.now() + ctx.sessionTtlMs);
  await ctx.db.transaction().execute(async (trx) => {
    await authRepository.insertSession(trx, {
      id: sessionId,
      playerId,
      expiresAt,
      clientAddress: client.clientAddress,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    await authRepository.revokeSessionsBeyond(trx, playerId, SESSIONS_PER_PLAYER_MAX);
  });
  return ctx.signer.sign({ sessionId, subjectId: playerId }, expiresAt);
}

/** Ends every session of a player but the one named, in the caller's transaction (a new password). */
export function revokeOtherSessions(trx: Trx, playerId: number, keptSessionId: string): Promise<void> {
  return authRepository.revokeOtherSessions(trx, playerId, keptSessionId);
}
