import {
  createApiClient,
  headersMiddleware,
  type ApiClient,
  type ClientOptions,
  type Payload,
  type paths,
} from './client.js';

/** A partner: an API key (`sk_live_…`) of one tenant, for `/v1` (docs/api-conventions.md "Partner API"). */
export function createPartnerClient(options: ClientOptions & { apiKey: string; tenantId: string }): ApiClient {
  const { apiKey, tenantId } = options;
  return createApiClient(
    options,
    headersMiddleware(() => ({ authorization: `Bearer ${apiKey}`, 'x-service-tenant-id': tenantId })),
  );
}

/**
 * A platform operator: an operator key (`pk_live_…`, made by the operator CLI) for
 * `/platform/v1` (docs/api-conventions.md "Platform API").
 */
export function createPlatformClient(options: ClientOptions & { platformKey: string }): ApiClient {
  const { platformKey } = options;
  return createApiClient(
    options,
    headersMiddleware(() => ({ authorization: `Bearer ${platformKey}` })),
  );
}

/**
 * A dashboard session for `/api`. In a browser on the platform's origin the session cookie goes
 * by itself; elsewhere pass it as `cookie`. Writes carry `X-Service-CSRF`: the token given, or
 * the one `GET /api/session` answers (the last such answer the client saw, else fetched on the
 * first write), fetched again after a `CSRF_INVALID` answer (the session was renewed).
 */
export function createDashboardClient(options: ClientOptions & { cookie?: string; csrfToken?: string }): ApiClient {
  let csrfToken: Promise<string> | undefined = options.csrfToken ? Promise.resolve(options.csrfToken) : undefined;
  const cookie = options.cookie ? { cookie: options.cookie } : {};
  const client: ApiClient = createApiClient(options, {
    async onRequest({ request, schemaPath }) {
      for (const [name, value] of Object.entries(cookie)) request.headers.set(name, value);
      if (['GET', 'HEAD'].includes(request.method) || schemaPath === '/api/session') return undefined;
      csrfToken ??= client.get('/api/session').then((session) => session.csrfToken);
      request.headers.set(
        'x-service-csrf',
        await csrfToken.catch((error: unknown) => {
          csrfToken = undefined;
          throw error;
        }),
      );
      return undefined;
    },
    async onResponse({ request, response, schemaPath }) {
      if (response.ok && request.method === 'GET' && schemaPath === '/api/session') {
        const token = await response
          .clone()
          .json()
          .then((body: unknown) => (body as { data?: { csrfToken?: unknown } } | null)?.data?.csrfToken)
          .catch(() => undefined);
        if (typeof token === 'string') csrfToken = Promise.resolve(token);
        return undefined;
      }
      if (response.status !== 403) return undefined;
      const body: unknown = await response
        .clone()
        .json()
        .catch(() => null);
      if ((body as { error?: { code?: unknown } } | null)?.error?.code === 'CSRF_INVALID') csrfToken = undefined;
      return undefined;
    },
  });
  return client;
}

type Get<P extends keyof paths> = paths[P] extends { get: infer Op } ? Op : never;
type Post<P extends keyof paths> = paths[P] extends { post: infer Op } ? Op : never;
type QueryOf<Op> = Op extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

/** The booking page's routes of one tenant, by its slug: no credential. */
export interface PublicClient {
  /** The page's configuration: the tenant's branding, services, staff and questions. */
  config(): Promise<Payload<Get<'/book/{tenantSlug}/config'>>>;
  /** Free slots of a service in a window of at most 31 days. */
  availability(
    query: QueryOf<Get<'/book/{tenantSlug}/availability'>>,
  ): Promise<Payload<Get<'/book/{tenantSlug}/availability'>>>;
  /** Book a slot; an Idempotency-Key is made when none is given, and the same call retried with it. */
  createBooking(
    body: BodyOf<Post<'/book/{tenantSlug}/bookings'>>,
    options?: { idempotencyKey?: string },
  ): Promise<Payload<Post<'/book/{tenantSlug}/bookings'>>>;
  /** Everything else, typed, with `slug` to give. */
  api: ApiClient;
}

export function createPublicClient(options: ClientOptions & { slug: string }): PublicClient {
  const api = createApiClient(options);
  const path = { tenantSlug: options.slug };
  return {
    config: () => api.get('/book/{tenantSlug}/config', { params: { path } }),
    availability: (query) => api.get('/book/{tenantSlug}/availability', { params: { path, query } }),
    createBooking: (body, { idempotencyKey } = {}) =>
      api.post('/book/{tenantSlug}/bookings', {
        params: { path, header: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} },
        body,
      }),
    api,
  };
}
