import type { FastifyInstance } from 'fastify';
import { DomainError } from '@svc/errors';
import { failure } from './envelope.js';
import { toDomainError } from './http-errors.js';

/** The envelope for every failure: unknown routes, validation, domain errors, crashes. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    const err = new DomainError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}.`);
    return reply.code(404).send(failure(err, request.id));
  });

  app.setErrorHandler((err, request, reply) => {
    const { error, unexpected } = toDomainError(err);
    if (unexpected) request.log.error({ err }, 'unhandled error');
    else if (error.httpStatus >= 500) request.log.warn({ code: error.code }, error.message);
    if (error.code === 'RATE_LIMITED' && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
    return reply.code(error.httpStatus).send(failure(error, request.id));
  });
}
