import type { FastifyError } from 'fastify';
import { DomainError, fromGrpcError, internalError, type FieldViolation } from '@svc/errors';

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/**
 * Any error reaching the gateway's error handler, as the DomainError the client sees:
 * schema validation and body parsing become VALIDATION_ERROR with paths; errors from services
 * keep their spec code; everything else is INTERNAL_ERROR (the caller logs the original).
 */
export function toDomainError(err: unknown): { error: DomainError; unexpected: boolean } {
  if (err instanceof DomainError) return { error: err, unexpected: false };
  const fe = err as Partial<FastifyError> & { metadata?: unknown };
  if (Array.isArray(fe.validation)) {
    const where = CONTEXT_NAMES[fe.validationContext ?? ''] ?? fe.validationContext ?? 'request';
    const details: FieldViolation[] = fe.validation.map((v) => ({
      path: [where, ...pathSegments(v.instancePath)].join('.'),
      message: v.message ?? 'is invalid',
    }));
    return { error: new DomainError('VALIDATION_ERROR', 'The request is not valid.', details), unexpected: false };
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { error: bodyError('The request body is larger than 64 KiB.', 413), unexpected: false };
  }
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return { error: bodyError('The request body must be application/json.', 415), unexpected: false };
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Fastify's own 4xx: malformed JSON, empty JSON body, bad content length.
    return { error: bodyError('The request body is not valid JSON.', 400), unexpected: false };
  }
  if (fe.metadata !== undefined && typeof (fe as { code?: unknown }).code === 'number') {
    const mapped = fromGrpcError(err);
    return { error: mapped, unexpected: mapped.code === 'INTERNAL_ERROR' };
  }
  return { error: internalError(), unexpected: true };
}

function bodyError(message: string, status: number): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [{ path: 'body', message }], status);
}

function pathSegments(instancePath: string | undefined): string[] {
  return (instancePath ?? '').split('/').filter(Boolean);
}
