import fastJson from 'fast-json-stringify';
import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * How a route's success answer becomes JSON. `validating` (tests, development): the zod schema
 * checks the answer, then JSON.stringify, as every other route does. `compiled` (production):
 * fast-json-stringify, compiled once from the schema's JSON Schema, writes the answer without
 * checking it again: for a large answer (31 days of slots) the check and the generic stringify
 * cost more than the rest of the gateway's work (docs/architecture.md "Availability path").
 * Both write the same bytes for a valid answer (test/large-answers.test.ts); other statuses
 * keep the validating serializer.
 */
export function largeAnswerSerializer(mode: 'validating' | 'compiled'): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const status = String(route.httpStatus);
    if (mode === 'validating' || !/^2\d\d$/.test(status)) return validatingSerializerCompiler(route);
    return compileSerializer(route.schema);
  };
}

/** fast-json-stringify for a zod schema (its output side, as a JSON Schema). */
export function compileSerializer(schema: z.ZodType): (data: unknown) => string {
  return fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0]);
}
