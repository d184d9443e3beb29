/**
 * The record a successful RPC must carry. Missing means the service broke its contract, so
 * this is a plain Error: logged, and INTERNAL_ERROR to the caller.
 */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the service answered without ${what}`);
  return value;
}
