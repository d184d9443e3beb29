/**
 * The record a successful RPC must carry. Missing means the service broke its contract, so
 * this is a plain Error: logged, and INTERNAL_ERROR to the caller.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the service answered without ${what}`);
  return value;
}

/**
 * The mapping of an answer that carries one record at `key`: `recordIn('subscription', toSubscriptionRecord)`
 * reads `res.subscription`, present, as the route's record.
 */
export const recordIn =
  <K extends string, T, R>(key: K, map: (value: T) => R) =>
  (res: { [P in K]?: T | undefined }): R =>
    map(present<T>(res[key], key));

/**
 * A client of a service this deployment does not have: every call fails with `refusal` (the
 * integrations' PROVIDER_NOT_CONNECTED, the notifications' 503).
 */
export const absentService = <C extends object>(refusal: () => Error): C =>
  new Proxy({} as C, { get: () => () => Promise.reject(refusal()) });
