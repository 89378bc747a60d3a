import {
  changePasswordRequestSchema,
  DEVICE_HEADER,
  loginRequestSchema,
  loginResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@app/contracts/auth';
import { messageResponseSchema } from '@app/contracts/common';
import { translate } from '@app/contracts/messages';
import { API_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import { sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { type AuthContext, logout } from '../auth/auth.service.ts';
import { deviceKey } from './identity-flags.ts';
import { presentUser } from './player.presenter.ts';
import type { ProviderFiguresReader } from './player.routes.ts';
import { getProfile } from './player.service.ts';
import { changePassword, login, register } from './sign-in.service.ts';

/** What these routes need from the composition root (app.ts). */
type AuthRoutesDeps = { db: Db; figures: ProviderFiguresReader; playerAuth: AuthContext };

/** Registration and login: open to everyone. */
export async function publicAuthRoutes(app: App, deps: AuthRoutesDeps) {
  app.post(
    API_PATHS.register,
    {
      schema: {
        tags: ['auth'],
        summary: 'Register a player with their own bank account',
        body: registerRequestSchema,
        response: { 200: registerResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await register(deps.playerAuth, request.body, {
        clientAddress: request.ip,
        device: deviceKey(request.headers[DEVICE_HEADER]),
      });
      return { success: true as const, status: 200 as const, message: translate('register_success', request.language) };
    },
  );

  app.post(
    API_PATHS.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Log in with phone number and password',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { token, playerId } = await login(deps.playerAuth, {
        phoneNumber: request.body.username,
        password: request.body.password,
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      const profile = await getProfile(deps.db, playerId);
      const user = presentUser(profile, await deps.figures.wallet(playerId, profile.providerSatang));
      return { success: true as const, message: translate('login_success', request.language), data: { token, user } };
    },
  );
}

/** Logout and change-password: in the player scope. */
export async function sessionAuthRoutes(app: App, deps: AuthRoutesDeps) {
  app.post(
    API_PATHS.logout,
    {
      schema: {
        tags: ['auth'],
        summary: 'End the current session',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await logout(deps.playerAuth, sessionOf(request));
      return { success: true as const, message: translate('logout_success', request.language) };
    },
  );

  app.post(
    API_PATHS.changePassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other sessions are ended',
        security: [{ bearer: [] }],
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await changePassword(deps.playerAuth, sessionOf(request), request.body);
      return { success: true as const, message: translate('change_password_success', request.language) };
    },
  );
}
