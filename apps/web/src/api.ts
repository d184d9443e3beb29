// The gateway's dashboard API as the web app calls it: same origin, the session cookie, the CSRF
// token on every write, the envelope unwrapped, errors as one class (docs/decisions.md "Staff
// dashboard"). Payload types are the SDK's (libs/sdk), generated from the gateway's document.
import type { paths } from '@svc/sdk';

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

/** An API error as a person should read it: the message, its code and the request id to quote. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details: ReadonlyArray<{ path?: string; message?: string }>,
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

let csrfToken = '';
/** The session answer's CSRF token, sent as X-Service-CSRF on every write. */
export const useCsrfToken = (token: string): void => {
  csrfToken = token;
};

interface Envelope {
  ok: boolean;
  data?: unknown;
  error?: { code: string; message: string; details?: Array<{ path?: string; message?: string }> };
  meta?: { requestId?: string };
}

export async function call<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-service-csrf'] = csrfToken;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError('NETWORK', 0, 'The server could not be reached. Check the connection and try again.', [], null);
  }
  const requestId = res.headers.get('x-request-id');
  if (res.status === 204) return undefined as T;
  let envelope: Envelope;
  try {
    envelope = (await res.json()) as Envelope;
  } catch {
    throw new ApiError(
      'INTERNAL_ERROR',
      res.status,
      'The server sent an answer that could not be read.',
      [],
      requestId,
    );
  }
  if (envelope.ok) return envelope.data as T;
  const error = envelope.error ?? { code: 'INTERNAL_ERROR', message: 'Something went wrong.' };
  throw new ApiError(error.code, res.status, error.message, error.details ?? [], envelope.meta?.requestId ?? requestId);
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
