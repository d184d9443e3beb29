import createClient, { type Client, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { BookingApiError } from './errors.js';
import type { paths } from './generated/openapi.js';
import { IDEMPOTENT_OPERATIONS } from './generated/operations.js';
import { newIdempotencyKey } from './idempotency.js';
import { retryingFetch, type RetryOptions } from './retry.js';

export type { paths };

/** What every client takes. */
export interface ClientOptions {
  /** The platform's origin, e.g. `https://booking.example.com` (no trailing path). */
  baseUrl: string;
  retry?: RetryOptions;
  /** The fetch to send with (default the global one): a proxy agent, a test double. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers on every request (a User-Agent naming your integration, say). */
  headers?: Record<string, string>;
  /** In a browser, whether cookies go along (fetch's `credentials`): the booking pages send none. */
  credentials?: RequestInit['credentials'];
}

/** The `init` of a call: path, query and header parameters, body; required when the operation requires them. */
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [Init?] : [Init];
type Success<Op, Init> = NonNullable<
  Extract<FetchResponse<Op & Record<string | number, unknown>, Init, `${string}/${string}`>, { error?: never }>['data']
>;
/** What a call resolves to: the envelope's `data` (the `data` of `{ ok, data, meta }`). */
export type Payload<Op, Init = object> = Success<Op, Init> extends { ok: true; data: infer D } ? D : Success<Op, Init>;

type Call<M extends HttpMethod> = <P extends PathsWithMethod<paths, M>, I extends MaybeOptionalInit<paths[P], M>>(
  path: P,
  ...init: InitParam<I>
) => Promise<Payload<paths[P][M], I>>;

/** The GET routes that answer a page (`{ items, nextCursor }`): the ones `paginate` walks. */
export type PagedPath = {
  [P in PathsWithMethod<paths, 'get'>]: Payload<paths[P]['get']> extends { items: unknown[]; nextCursor: string | null }
    ? P
    : never;
}[PathsWithMethod<paths, 'get'>];
type ItemOf<P extends PagedPath> = Payload<paths[P]['get']> extends { items: Array<infer T> } ? T : never;

export interface ApiClient {
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  patch: Call<'patch'>;
  delete: Call<'delete'>;
  /**
   * Every record of a paged list, page after page (each page one request, `limit` as given),
   * for `for await`. The query's `cursor` is the iterator's; it starts at the first page.
   */
  paginate<P extends PagedPath, I extends MaybeOptionalInit<paths[P], 'get'>>(
    path: P,
    ...init: InitParam<I>
  ): AsyncIterable<ItemOf<P>>;
  /** The openapi-fetch client underneath, for what answers no envelope (a calendar file, an export stream). */
  raw: Client<paths>;
}

/** The client every credential kind builds on: the middleware sets the credential (none: the public routes). */
export function createApiClient(options: ClientOptions, credential?: Middleware): ApiClient {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    fetch: retryingFetch(send, options.retry),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
  });
  raw.use(...(credential ? [credential] : []), idempotencyKeys);

  const call =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    async (path: string, init?: object): Promise<never> => {
      const { data, error, response } = await (
        raw.request as (
          m: string,
          p: string,
          i?: object,
        ) => Promise<{ data?: unknown; error?: unknown; response: Response }>
      )(method, path, init);
      if (!response.ok) throw BookingApiError.fromAnswer(response, error);
      // The envelope's `data` (which may be null); a body without the envelope as it came.
      const isEnvelope = typeof data === 'object' && data !== null && 'ok' in data && 'data' in data;
      return (isEnvelope ? (data as { data: unknown }).data : data) as never;
    };
  const get = call('GET');

  return {
    get,
    post: call('POST'),
    put: call('PUT'),
    patch: call('PATCH'),
    delete: call('DELETE'),
    paginate: ((path: string, init?: { params?: { query?: Record<string, unknown> } }) => ({
      async *[Symbol.asyncIterator]() {
        let cursor: string | null = null;
        do {
          const query: Record<string, unknown> = { ...init?.params?.query };
          delete query.cursor;
          if (cursor !== null) query.cursor = cursor;
          const page = (await get(path, { ...init, params: { ...init?.params, query } })) as {
            items: unknown[];
            nextCursor: string | null;
          };
          yield* page.items;
          cursor = page.nextCursor;
        } while (cursor !== null);
      },
    })) as ApiClient['paginate'],
    raw,
  };
}

/**
 * An Idempotency-Key on every create the API makes idempotent (those whose operation declares the
 * header, listed from the OpenAPI document), generated when the caller gives none, so that the
 * retries of one call (retry.ts) share it and a replay answers the first outcome.
 */
const idempotencyKeys: Middleware = {
  onRequest({ request, schemaPath }) {
    if (!request.headers.has('idempotency-key') && IDEMPOTENT_OPERATIONS.has(`${request.method} ${schemaPath}`)) {
      request.headers.set('idempotency-key', newIdempotencyKey());
    }
    return undefined;
  },
};

/** A middleware setting fixed headers: the credential of a client. */
export function headersMiddleware(headers: () => Record<string, string> | Promise<Record<string, string>>): Middleware {
  return {
    async onRequest({ request }) {
      for (const [name, value] of Object.entries(await headers())) request.headers.set(name, value);
      return undefined;
    },
  };
}
