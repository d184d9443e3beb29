import type { FastifyError } from 'fastify';
import { DomainError, internalError, isOutage, serviceUnavailable, type FieldViolation } from '@svc/errors';

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
};

/**
 * Fastify's own request errors by code: the status it gives them, a message that says what was
 * wrong, and the input at fault. (BODY_TOO_LARGE is 413 and INVALID_MEDIA_TYPE 415, as documented.)
 */
const FASTIFY_REQUEST_ERRORS: Record<string, { status: number; path: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, path: 'body', message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, path: 'body', message: 'The request body is larger than 64 KiB.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, path: 'body', message: 'The request body must be application/json.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    path: 'headers.content-length',
    message: 'The request body is not as long as its Content-Length header says.',
  },
  FST_ERR_BAD_URL: { status: 400, path: 'url', message: 'The URL is not valid (malformed percent-encoding).' },
  // No FST_ERR_MAX_PARAM_LENGTH: the router's limit is Node's header limit (app.ts), so every
  // path parameter reaches its schema.
};

/**
 * Any error reaching the gateway's error handler, as the DomainError the client sees:
 * schema validation and Fastify's request errors become VALIDATION_ERROR with paths; domain
 * errors (services' included: the service client has already mapped them) keep their code; everything
 * else is INTERNAL_ERROR (the caller logs the original).
 */
export function toDomainError(err: unknown): { error: DomainError; unexpected: boolean } {
  if (err instanceof DomainError) return { error: err, unexpected: false };
  // The gateway's own identity store unreachable: an outage like any service's (docs/api-conventions.md, "Outages").
  if (isOutage(err)) return { error: serviceUnavailable(), unexpected: false };
  const fe = err as Partial<FastifyError>;
  if (Array.isArray(fe.validation)) {
    const where = CONTEXT_NAMES[fe.validationContext ?? ''] ?? fe.validationContext ?? 'request';
    const details: FieldViolation[] = fe.validation.map((v) => ({
      path: [where, ...pathSegments(v.instancePath)].join('.'),
      message: v.message ?? 'is invalid',
    }));
    return { error: new DomainError('VALIDATION_ERROR', 'The request is not valid.', details), unexpected: false };
  }
  const known = typeof fe.code === 'string' ? FASTIFY_REQUEST_ERRORS[fe.code] : undefined;
  if (known) return { error: requestError(known.message, known.status, known.path), unexpected: false };
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    // Another client error Fastify raised while reading the request (e.g. the body stream broke
    // off): its own status, without claiming to know more.
    return { error: requestError('The request could not be read.', fe.statusCode, 'request'), unexpected: false };
  }
  return { error: internalError(), unexpected: true };
}

function requestError(message: string, status: number, path: string): DomainError {
  return new DomainError('VALIDATION_ERROR', message, [{ path, message }], { httpStatus: status });
}

function pathSegments(instancePath: string | undefined): string[] {
  return (instancePath ?? '').split('/').filter(Boolean);
}
