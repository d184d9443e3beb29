import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * `Cache-Control` of everything under /booking/manage/ (docs/api-conventions.md "Customer
 * manage") and /pay/ (a payment's return key, docs/decisions.md "Payments"): the path carries a
 * credential and the answer a customer's booking or the way to it, so no cache may keep either,
 * whatever the answer (a 404 for a bad token, a 405, a 400, a 503 included).
 */
export const NO_STORE = 'private, no-store';

const MANAGE_PATH = /^\/(?:booking\/manage|pay)(?:[/?]|$)/;

export const isManagePath = (url: string): boolean => MANAGE_PATH.test(url);

/**
 * The headers a response carries from the moment its request is known, set before any route,
 * guard or error handler can answer: `x-request-id` on every response, `Cache-Control` on the
 * manage and payment-return paths.
 */
export function setResponseHeaders(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('x-request-id', request.id);
  if (isManagePath(request.url)) reply.header('cache-control', NO_STORE);
  return reply;
}
