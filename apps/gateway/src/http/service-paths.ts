import { underPath } from '@svc/errors';

/** The part of an HTTP request that holds the fields a route passes on to a service. */
export type InputPart = 'body' | 'query' | 'params';

/**
 * A service names the fields of its request (`startsAtMs`, `customer.phone`; '' for the request
 * as a whole) and knows nothing of HTTP; the route says where those fields sit, so a relayed
 * VALIDATION_ERROR names the input as the caller sent it (`body.startsAtMs`, `query.fromMs`).
 * docs/api-conventions.md "Input rules".
 */
export function inHttpTerms(err: unknown, part: InputPart | 'arguments'): unknown {
  return underPath(err, part);
}
