import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@svc/errors';
import { failure } from './envelope.js';
import { toDomainError } from './http-errors.js';
import { setResponseHeaders } from './response-headers.js';

/** A page route's error as a page for a browser (pages/index.ts), or undefined for the envelope. */
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
    reply.code(error.httpStatus);
    return reply.send(pageOf?.(error, request, reply) ?? failure(error, request.id));
  });
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
 * envelope: INTERNAL_ERROR (the specification has no better code) with HTTP 503, so a load
 * balancer retries them elsewhere. Replaces Fastify's `return503OnClosing`, which answers 503
 * without the envelope. Register after the hook that sets x-request-id.
 */
export function registerClosingRefusal(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!closing) return done();
    const err = new DomainError('INTERNAL_ERROR', 'The server is shutting down; please retry.', [], 503);
    reply.header('connection', 'close').code(503).send(failure(err, request.id));
  });
}
