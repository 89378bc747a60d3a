import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './types.ts';

/** The OpenAPI document, generated from the routes' zod schemas, with Swagger UI at /docs. */
export async function registerDocs(app: App) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'SIAM PLAY API',
        description:
          'The player API (accounts, sessions, wallet, deposits, withdrawals, history, settings, rewards), ' +
          'the bank-feed webhook, and the operator API under /admin.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' },
          operatorBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT (operator session)' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}

type SecurityRequirement = Record<string, string[]>;

/** The operator API takes an operator's session token or the service key. */
export const OPERATOR_SECURITY: SecurityRequirement[] = [{ operatorBearer: [] }, { adminKey: [] }];
