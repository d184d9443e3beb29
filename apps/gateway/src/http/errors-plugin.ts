import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, RETRY_AFTER_SECONDS, serviceUnavailable } from '@svc/errors';
import { failure } from './envelope.js';
import { toDomainError } from './http-errors.js';
import { setResponseHeaders } from './response-headers.js';

/** A page route's error as a page for a browser (routes/pages/index.ts), or undefined for the envelope. */
export type ErrorPage = (error: DomainError, request: FastifyRequest, reply: FastifyReply) => string | undefined;

/**
 * The envelope for every failure: validation, domain errors, crashes. (Unknown routes and
 * methods: methods.ts; what Node refuses before Fastify sees it: client-errors.ts.)
 */
export function registerErrorHandling(app: FastifyInstance, pageOf?: ErrorPage): void {
  app.setErrorHandler((err, request, reply) => {
    const { error, unexpected } = toDomainError(err);
    if (unexpected) request.log.error({ err }, 'unhandled error');
    else if (error.httpStatus >= 500) request.log.warn({ code: error.code }, error.message);
    retryAfter(reply, error).code(error.httpStatus);
    return reply.send(pageOf?.(error, request, reply) ?? failure(error, request.id));
  });
}

/** `Retry-After` on an answer whose request may succeed a little later (docs/api-conventions.md "Outages"). */
export function retryAfter(reply: FastifyReply, error: DomainError): FastifyReply {
  return error.retryable ? reply.header('retry-after', String(RETRY_AFTER_SECONDS)) : reply;
}

/**
 * Fastify's `frameworkErrors` option: errors of the router itself (a URL that cannot be decoded,
 * an over-long path parameter), raised before any hook runs. They get the envelope and
 * x-request-id (and Cache-Control on the manage paths) like everything else.
 */
export function frameworkErrorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const { error, unexpected } = toDomainError(err);
  if (unexpected) request.log.error({ err }, 'router error');
  setResponseHeaders(request, reply).code(error.httpStatus).send(failure(error, request.id));
}

/**
 * While the server closes, requests that still arrive on open connections are refused with the
 * envelope: INTERNAL_ERROR (the specification has no better code) with its 500, `Retry-After`
 * and `Connection: close`, so the client retries on a new connection (another replica).
 * Replaces Fastify's `return503OnClosing`, which answers 503 without the envelope. Register
 * after the hook that sets x-request-id.
 */
export function registerClosingRefusal(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    const err = serviceUnavailable('The server is shutting down; please retry.');
    retryAfter(reply, err).header('connection', 'close').code(err.httpStatus).send(failure(err, request.id));
  });
}
