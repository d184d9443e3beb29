import { LogController, type FastifyRequest } from 'fastify';

/** A path segment too long to be a name or an id of ours (a token, a code, a secret). */
const MAX_SEGMENT = 40;
/** Prefixes of the credentials a path may carry: manage tokens, API keys, signing secrets. */
const CREDENTIAL = /svc_m1|sk_live_|whsec_/i;

/**
 * What logs and spans may say of a request's path (docs/operations.md "Logs"): the route
 * template (`/booking/manage/:token`), or for a path no route matched, the path with every
 * segment that is long or names a credential masked. Never the query: it can hold an OAuth
 * code and state. A manage token is a 30-day bearer credential, so the raw URL is never logged.
 */
export function loggablePath(request: FastifyRequest): string {
  const route = request.routeOptions?.url;
  if (route && !request.is404) return route;
  return maskedPath(request.url);
}

function maskedPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path
    .split('/')
    .map((segment) => (segment.length > MAX_SEGMENT || CREDENTIAL.test(segment) ? ':redacted' : segment))
    .join('/');
}

/** Fastify's request log lines, with its "route not found" line naming the path as above, not the URL. */
export class PathSafeLogController extends LogController {
  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ path: loggablePath(request) }, 'route not found');
  }
}

/** Fastify's `req` log serializer with the path as above (its default logs `req.url` whole). */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggablePath(request),
    remoteAddress: request.ip,
  };
}
