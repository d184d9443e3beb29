import { z } from 'zod';
import type { DomainError } from '@svc/errors';

const metaSchema = z.object({ requestId: z.string() });

/** `{ ok: true, data, meta }` around a route's data schema (validation, types and OpenAPI). */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data, meta: metaSchema });
}

export const errorEnvelope = z.object({
  ok: z.literal(false),
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
  meta: metaSchema,
});

type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function ok<T>(data: T, requestId: string) {
  return { ok: true as const, data, meta: { requestId } };
}

export function failure(err: DomainError, requestId: string): ErrorEnvelope {
  return {
    ok: false,
    error: {
      code: err.code,
      message: err.message,
      ...(err.details.length > 0 ? { details: err.details } : {}),
    },
    meta: { requestId },
  };
}
