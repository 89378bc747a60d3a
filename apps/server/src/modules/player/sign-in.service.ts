import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_ADDRESS_MAX,
  LOGIN_FAILURES_PER_PHONE_MAX,
  OLD_PASSWORD_FAILURES_MAX,
  REGISTER_WINDOW_MS,
} from '@app/contracts/limits';
import type { Session } from '../../http/principal.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuthContext, openSession, revokeOtherSessions } from '../auth/auth.service.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password.ts';
import { throttle } from '../throttle/throttle.service.ts';
import { recordLoginFailure } from './player.repository.ts';
import { credentials, type RegistrationInput, registerPlayer } from './player.service.ts';

/**
 * A player's registration, sign-in and new password: the player's credentials are checked here, and the
 * session is opened or the others ended by the auth module, which knows sessions and not players.
 */

const invalidCredentials = () => new AppError(401, 'INVALID_CREDENTIALS', 'invalid_credentials');

/**
 * Registers a player. Every attempt from a client address counts against the
 * hourly limit, successful or not, so one machine cannot mass-register or probe
 * which phones and bank accounts are taken.
 */
export async function register(
  ctx: AuthContext,
  input: RegistrationInput,
  client: { clientAddress: string; device?: string | null },
): Promise<number> {
  await throttle.reserve(
    ctx.db,
    [{ scope: 'register', subject: client.clientAddress, max: ctx.registerLimitPerHour, windowMs: REGISTER_WINDOW_MS }],
    'too_many_registrations',
  );
  return registerPlayer(ctx.db, input, { address: client.clientAddress, device: client.device ?? null });
}

/**
 * Logs a player in by phone and password. An unknown phone and a wrong
 * password answer alike, in message and in time. Attempts are throttled per
 * phone and per client address; the reservation happens before the password
 * check, so concurrent guesses cannot slip past the limit.
 */
export async function login(
  ctx: AuthContext,
  input: { phoneNumber: string; password: string; clientAddress: string; userAgent: string | null },
): Promise<{ token: string; playerId: number }> {
  const reserved = await throttle.reserve(ctx.db, [
    {
      scope: 'phone',
      subject: input.phoneNumber,
      max: LOGIN_FAILURES_PER_PHONE_MAX,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
    },
    {
      scope: 'address',
      subject: input.clientAddress,
      max: LOGIN_FAILURES_PER_ADDRESS_MAX,
      windowMs: LOGIN_FAILURE_WINDOW_MS,
    },
  ]);
  const found = await credentials.findByPhone(ctx.db, input.phoneNumber);
  const valid = found
    ? await verifyPassword(found.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (found && !valid) {
    // Kept for the withdrawal risk rules: the throttle forgets failures at the next success.
    await recordLoginFailure(ctx.db, found.id);
  }
  if (!found || !valid) throw invalidCredentials();
  await throttle.release(ctx.db, reserved);
  await throttle.clear(ctx.db, 'phone', input.phoneNumber);

  const token = await openSession(ctx, found.id, input);
  return { token, playerId: found.id };
}

/**
 * Changes the password after checking the current one, and ends every other
 * session of the player. Wrong guesses of the current password are throttled
 * like logins, per player, so a stolen session cannot brute-force it.
 */
export async function changePassword(
  ctx: AuthContext,
  session: Session,
  input: { oldPassword: string; password: string },
): Promise<void> {
  const reserved = await throttle.reserve(
    ctx.db,
    [
      {
        scope: 'old_password',
        subject: String(session.playerId),
        max: OLD_PASSWORD_FAILURES_MAX,
        windowMs: LOGIN_FAILURE_WINDOW_MS,
      },
    ],
    'too_many_password_attempts',
  );
  const currentHash = await credentials.findHash(ctx.db, session.playerId);
  if (!currentHash || !(await verifyPassword(currentHash, input.oldPassword))) {
    throw new AppError(400, 'WRONG_OLD_PASSWORD', 'wrong_old_password');
  }
  await throttle.release(ctx.db, reserved);
  const newHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await credentials.updateHash(trx, session.playerId, newHash);
    await revokeOtherSessions(trx, session.playerId, session.sessionId);
  });
}
