import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './types.ts';

/** The OpenAPI document, generated from the routes' zod schemas, with Swagger UI at /docs. */
export async function registerDocs(app: App) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'SIAM PLAY player API',
        description: 'Accounts, sessions, wallet, history, settings and rewards of the player app.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
}
