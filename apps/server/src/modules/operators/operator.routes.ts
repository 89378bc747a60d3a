import {
  createOperatorRequestSchema,
  idParamsSchema,
  operatorEnrolRequestSchema,
  operatorEnrolResponseSchema,
  operatorLoginRequestSchema,
  operatorLoginResponseSchema,
  operatorMeResponseSchema,
  operatorResponseSchema,
  operatorsResponseSchema,
  updateOperatorRequestSchema,
} from '@app/contracts/admin';
import { messageResponseSchema } from '@app/contracts/common';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import type { OperatorAuthContext } from './operator.service.ts';
import {
  createOperator,
  listOperators,
  operatorEnrol,
  operatorLogin,
  operatorLogout,
  updateOperator,
} from './operator.service.ts';

/** What these routes need from the composition root (app.ts). */
type OperatorRoutesDeps = { db: Db; operatorAuth: OperatorAuthContext };

const tags = ['admin: operators'];
const security = OPERATOR_SECURITY;

/** Operator sign-in with a second factor, and (admin) the management of operators. */
export async function operatorRoutes(app: App, deps: OperatorRoutesDeps) {
  app.post(
    ADMIN_PATHS.login,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with username, password and TOTP code; a first sign-in answers an enrolment',
        body: operatorLoginRequestSchema,
        response: { 200: operatorLoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await operatorLogin(deps.operatorAuth, {
        ...request.body,
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );

  app.post(
    ADMIN_PATHS.enrol,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Finish enrolling the second factor with the first code; answers a session',
        body: operatorEnrolRequestSchema,
        response: { 200: operatorEnrolResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await operatorEnrol(deps.operatorAuth, {
        ...request.body,
        clientAddress: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      }),
    }),
  );

  app.post(
    ADMIN_PATHS.logout,
    {
      schema: {
        tags,
        security,
        summary: 'End this session',
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await operatorLogout(deps.operatorAuth, operatorOf(request));
      return { success: true as const, message: translate('logout_success', request.language) };
    },
  );

  app.get(
    ADMIN_PATHS.me,
    {
      schema: {
        tags,
        security,
        summary: 'The signed-in operator',
        response: { 200: operatorMeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { sessionId: _sessionId, ...operator } = operatorOf(request);
      return { success: true as const, data: operator };
    },
  );

  app.get(
    ADMIN_PATHS.operators,
    {
      config: { role: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every operator',
        response: { 200: operatorsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await listOperators(deps.db) }),
  );

  app.post(
    ADMIN_PATHS.operators,
    {
      config: { role: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Create an operator (the second factor is enrolled at their first sign-in)',
        body: createOperatorRequestSchema,
        response: { 200: operatorResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await createOperator(deps.db, actorOf(operatorOf(request)), request.body),
    }),
  );

  app.patch(
    ADMIN_PATHS.operator,
    {
      config: { role: 'admin' },
      schema: {
        tags,
        security,
        summary: "Change an operator's name, role, password or disabled flag, or reset the second factor",
        params: idParamsSchema,
        body: updateOperatorRequestSchema,
        response: { 200: operatorResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateOperator(deps.db, actorOf(operatorOf(request)), request.params.id, request.body),
    }),
  );
}
