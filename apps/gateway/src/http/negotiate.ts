import Negotiator from 'negotiator';
import type { FastifyRequest } from 'fastify';

const OFFERED = ['application/json', 'text/html'];

/**
 * Whether the request's Accept prefers HTML to JSON: a browser's does (`text/html,…,*\/*;q=0.8`);
 * none, `*\/*` or `application/json` get the JSON of the specification (JSON is offered first,
 * so it wins every tie).
 */
export const prefersHtml = (request: FastifyRequest): boolean =>
  new Negotiator({ headers: { accept: request.headers.accept ?? '*/*' } }).mediaType(OFFERED) === 'text/html';
