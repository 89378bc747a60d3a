import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType, toJSONSchema } from 'zod/v4/core';

type RouteSchema = $ZodType | { properties: $ZodType };

/**
 * Answers are written from their route's schema: the zod schema is
 * turned into a JSON Schema of its output once per route and status (at its
 * first answer), and fast-json-stringify compiles a writer for it. Only the schema's
 * properties are written, as zod's own serialiser did; what is no longer done
 * on every answer is checking it against the schema, which TypeScript already
 * does for the handlers (the type provider types their returns by the same
 * schemas). A history page of 100 entries is written in about a quarter of
 * the time zod's check and JSON.stringify took.
 *
 * A schema whose output JSON Schema cannot say it (a Date, a custom type) or
 * that fast-json-stringify cannot compile keeps zod's serialiser.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  // Compiled at a route's first answer of that status, not when the route is registered: a writer
  // (with its validator for `anyOf`) is a few dozen KB, and most routes and error statuses of an
  // instance never answer (compiling all of them at start took the idle server from 104-109 to 113-121 MiB).
  let writer: ((data: unknown) => string) | undefined;
  return (data) => {
    writer ??= compileWriter(route);
    return writer(data);
  };
};

function compileWriter(route: Parameters<FastifySerializerCompiler<RouteSchema>>[0]): (data: unknown) => string {
  return (
    schemaWriter(route.schema instanceof $ZodType ? route.schema : route.schema.properties) ??
    zodSerializerCompiler(route)
  );
}

/** fast-json-stringify's writer for a zod schema's output; undefined when the schema cannot be said in JSON Schema or compiled. */
export function schemaWriter(schema: $ZodType): ((data: unknown) => string) | undefined {
  try {
    return fastJson(toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'throw' }) as object);
  } catch {
    return undefined;
  }
}
