/** One field's problem, as the API reports it: `path` like `body.startsAtMs` or `query.cursor`. */
export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * Every failure the SDK reports: an error answer of the API (its `code`, HTTP `status`, `details`
 * and the `requestId` to quote to support), or no answer at all (`NETWORK_ERROR`, status 0, the
 * cause attached) once the retries the request allowed are spent.
 */
export class BookingApiError extends Error {
  override readonly name = 'BookingApiError';

  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly details: readonly ErrorDetail[] = [],
    readonly requestId: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** The error of a non-2xx answer: the envelope's fields, or what can be said of a body that is not one. */
  static fromAnswer(response: Response, body: unknown): BookingApiError {
    const requestId = response.headers.get('x-request-id');
    if (isErrorEnvelope(body)) {
      const { code, message, details } = body.error;
      return new BookingApiError(code, message, response.status, details ?? [], body.meta?.requestId ?? requestId);
    }
    // A proxy or load balancer in between can answer without the envelope.
    return new BookingApiError(
      'UNEXPECTED_RESPONSE',
      `HTTP ${response.status} without the API's error envelope`,
      response.status,
      [],
      requestId,
    );
  }

  static network(cause: unknown): BookingApiError {
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new BookingApiError('NETWORK_ERROR', `No answer from the API: ${reason}`, 0, [], null, { cause });
  }
}

interface ErrorEnvelope {
  ok: false;
  error: { code: string; message: string; details?: ErrorDetail[] };
  meta?: { requestId?: string };
}

function isErrorEnvelope(body: unknown): body is ErrorEnvelope {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}
