import { LogController, type FastifyRequest } from 'fastify';

/** A path segment too long to be a name or an id of ours (a token, a code, a secret). */
const MAX_SEGMENT = 40;
/** Prefixes of the credentials a path may carry: manage tokens, API keys, signing secrets, Stripe keys. */
const CREDENTIAL = /svc_m1|[sr]k_live_|[sr]k_test_|whsec_/i;
/** Paths whose segments after the first `n` are a secret whatever their shape: a payment's return key. */
const SECRET_TAILS: ReadonlyArray<{ prefix: string; keep: number }> = [{ prefix: '/pay/', keep: 3 }];

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
  // A return key (32 characters) is shorter than MAX_SEGMENT: a path under /pay/ that no route
  // matched (a trailing segment too many) still says nothing past the tenant id.
  const keep = SECRET_TAILS.find((s) => path.startsWith(s.prefix))?.keep ?? Infinity;
  return path
    .split('/')
    .map((segment, i) =>
      i >= keep || segment.length > MAX_SEGMENT || CREDENTIAL.test(segment) ? ':redacted' : segment,
    )
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
