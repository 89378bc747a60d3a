import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { responseSerializerCompiler, schemaWriter } from '../../src/http/serializer.ts';
import { type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

/** A bare app with the product's serialiser and one route answering `answer` under `schema`. */
async function answerOf(schema: $ZodType, answer: unknown) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(responseSerializerCompiler);
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => answer);
  const response = await app.inject('/answer');
  await app.close();
  return response;
}

describe('answers are written from their route schema (fast-json-stringify)', () => {
  it('only the schema\u2019s properties are written: a field a handler adds by mistake (a password hash) never leaves', async () => {
    const schema = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable() });
    const response = await answerOf(schema, { id: 7, name: 'Somchai', note: null, passwordHash: '$argon2id$secret' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7, name: 'Somchai', note: null });
    expect(response.body).not.toContain('argon2id');
  });

  it('nested arrays, nullable objects, enums, records and literals are written as zod wrote them', async () => {
    const schema = z.object({
      success: z.literal(true),
      data: z.object({
        items: z.array(z.object({ status: z.enum(['WAITING', 'APPROVED']), amount: z.number() })),
        next: z.object({ at: z.string() }).nullable(),
        fields: z.record(z.string(), z.string()).optional(),
      }),
    });
    const answer = {
      success: true,
      data: { items: [{ status: 'APPROVED', amount: 100.25, extra: 1 }], next: null, fields: { phone: 'x' } },
    };
    const zodWrote = zodSerializerCompiler({ schema, method: 'GET', url: '/answer' })(answer);
    expect((await answerOf(schema, answer)).body).toBe(zodWrote);
  });

  it('a schema its output JSON Schema cannot say (a Date) keeps zod\u2019s serialiser', async () => {
    const schema = z.object({ at: z.date() });
    const response = await answerOf(schema, { at: new Date('2026-11-26T17:00:00.000Z'), extra: 1 });
    expect(response.json()).toEqual({ at: '2026-11-26T17:00:00.000Z' });
  });

  it('every route\u2019s answers compile to a writer of their own: none falls back to zod\u2019s', () => {
    const fallsBack: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const responses = (route.schema as { response?: Record<string, unknown> } | undefined)?.response ?? {};
      for (const [status, schema] of Object.entries(responses)) {
        if (!(schema instanceof $ZodType)) continue;
        if (!schemaWriter(schema)) fallsBack.push(`${route.methods.join(',')} ${route.url} ${status}`);
      }
    }
    expect(fallsBack).toEqual([]);
  });
});
