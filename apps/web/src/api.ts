// The gateway's dashboard API as the web app calls it: same origin, the session cookie, the CSRF
// token on every write, the envelope unwrapped, errors as one class (docs/decisions.md "Staff
// dashboard"), all of it the SDK's client (libs/sdk), typed from the gateway's document.
import { createDashboardClient, type ApiClient, type paths } from '@svc/sdk';

/** What a successful GET of `path` answers in its envelope's `data`. */
export type Data<P extends keyof paths, M extends keyof paths[P] = 'get'> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: { content: { 'application/json': { data: infer D } } } }
    ? D
    : R extends { 201: { content: { 'application/json': { data: infer D } } } }
      ? D
      : never
  : never;

export type Session = Data<'/api/session'>;
export type Tenant = Data<'/api/tenant'>;
export type Booking = Data<'/api/bookings'>['items'][number];
export type BookingDetail = Data<'/api/bookings/{bookingId}'>;
export type Staff = Data<'/api/staff'>['items'][number];
export type Resource = Data<'/api/resources'>['items'][number];
export type Service = Data<'/api/services'>['items'][number];
export type Customer = Data<'/api/customers/{customerId}'>;

/** An API error as a person should read it: the message, its code and the request id to quote (the SDK's one class). */
export { BookingApiError as ApiError } from '@svc/sdk';

let client: ApiClient | undefined;
/**
 * The SDK's dashboard client on the app's origin, made on the first call (the screens' modules
 * load in tests without a window): the session cookie goes by itself, every write carries the
 * CSRF token of the session answer (the SDK keeps it), and an error answer is one
 * `BookingApiError`. One try per call: the screen shows the error and the person retries.
 */
const dashboard = (): ApiClient =>
  (client ??= createDashboardClient({
    baseUrl: window.location.origin,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    retry: { maxAttempts: 1 },
  }));

/** A call by method and a concrete path (ids filled in): the envelope's `data`. */
export function call<T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const send = dashboard()[method.toLowerCase() as 'get'] as unknown as (path: string, init?: object) => Promise<T>;
  return send(path, body === undefined ? undefined : { body });
}

export const get = <T>(path: string): Promise<T> => call<T>('GET', path);
export const post = <T>(path: string, body?: unknown): Promise<T> => call<T>('POST', path, body);

/** Every item of a paged list (`{ items, nextCursor }`), page by page. */
export async function getAll<T>(path: string, limit = 100): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: { items: T[]; nextCursor: string | null } = await get(
      `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
