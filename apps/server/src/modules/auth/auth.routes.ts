import {
  changePasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@app/contracts/auth';
import { messageResponseSchema } from '@app/contracts/common';
import { translate } from '@app/contracts/messages';
import { errorResponses } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/request-context.ts';
import type { App, Deps } from '../../http/types.ts';
import { presentUser } from '../../lib/presenters.ts';
import { getProfile, registerPlayer } from '../player/player.service.ts';
import { type AuthContext, changePassword, login, logout } from './auth.service.ts';

export async function authRoutes(app: App, deps: Deps) {
  const ctx: AuthContext = { db: deps.db, signer: deps.signer, sessionTtlMs: deps.config.sessionTtlMs };
  const withSession = requireSession(ctx);

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a player with their own bank account',
        body: registerRequestSchema,
        response: { 200: registerResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await registerPlayer(deps.db, request.body);
      return { success: true as const, status: 200 as const, message: translate('register_success', request.language) };
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with phone number and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { token, playerId } = await login(ctx, {
        phoneNumber: request.body.username,
        password: request.body.password,
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      const user = presentUser(await getProfile(deps.db, playerId));
      return { success: true as const, message: translate('login_success', request.language), data: { token, user } };
    },
  );

  app.post(
    '/logout',
    {
      preHandler: withSession,
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await logout(ctx, sessionOf(request));
      return { success: true as const, message: translate('logout_success', request.language) };
    },
  );

  app.post(
    '/api/player/change-password',
    {
      preHandler: withSession,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions are ended',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await changePassword(ctx, sessionOf(request), request.body);
      return { success: true as const, message: translate('change_password_success', request.language) };
    },
  );
}
