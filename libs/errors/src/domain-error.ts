import { ERROR_CODES, type ErrorCode } from './codes.js';

export interface FieldViolation {
  /**
   * Names the offending input. Services name their request's fields (`startsAtMs`,
   * `customer.phone`); the gateway answers with HTTP paths (`body.startsAtMs`, `query.limit`).
   */
  path: string;
  message: string;
}

export interface DomainErrorOptions {
  /** Only where a code has two statuses (BOOKING_POLICY_BLOCKED 409 or 503) or a request error needs its own (405, 413). */
  httpStatus?: number;
  /**
   * The same request may succeed when sent again a little later (an outage, a busy lock, a
   * server shutting down): HTTP answers carry `Retry-After`, gRPC ones travel as UNAVAILABLE.
   */
  retryable?: boolean;
  /** What went wrong underneath, for the log only (never sent to a client): a failed call's callee and status. */
  cause?: unknown;
}

/** The one error type domain code throws; it crosses gRPC and becomes the HTTP envelope. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly httpStatus: number;
  readonly retryable: boolean;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: FieldViolation[] = [],
    options: DomainErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.httpStatus = options.httpStatus ?? ERROR_CODES[code].http;
    this.retryable = options.retryable ?? false;
  }
}

/** Seconds a client should wait before retrying a `retryable` error (the HTTP `Retry-After`). */
export const RETRY_AFTER_SECONDS = 1;

export const validationError = (details: FieldViolation[], message = 'The request is not valid.') =>
  new DomainError('VALIDATION_ERROR', message, details);

/**
 * A VALIDATION_ERROR whose paths name fields of a part of a larger input: `name` under `service`
 * becomes `service.name` ('' becomes the part itself). Any other error is answered as it is.
 */
export function underPath(err: unknown, part: string): unknown {
  if (!(err instanceof DomainError) || err.code !== 'VALIDATION_ERROR') return err;
  const details = err.details.map((d) => ({ ...d, path: d.path === '' ? part : `${part}.${d.path}` }));
  return new DomainError(err.code, err.message, details, { httpStatus: err.httpStatus, retryable: err.retryable });
}

/** VALIDATION_ERROR with the violations, when there are any. */
export function throwIfViolations(violations: FieldViolation[]): void {
  if (violations.length > 0) throw validationError(violations);
}

/**
 * A service request's tenant: set by the gateway (or another service), never by an end user,
 * so an empty one is a caller bug.
 */
export function requireTenantId(tenantId: string): string {
  if (tenantId === '') throw validationError([{ path: 'tenantId', message: 'is required' }]);
  return tenantId;
}

export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} was not found.`);

export const internalError = () => new DomainError('INTERNAL_ERROR', 'An unexpected error occurred.');

/**
 * A dependency (store, lock, event bus) could not be reached. Adapters throw subclasses of it;
 * the gRPC binding answers every one alike (docs/api-conventions.md, "Outages").
 */
export class DependencyUnavailableError extends Error {
  override readonly name: string = 'DependencyUnavailableError';
}

/**
 * A dependency or downstream service is down or too slow: INTERNAL_ERROR with the
 * specification's 500, retryable, so clients retry after `Retry-After` (docs/api-conventions.md "Outages").
 */
export const serviceUnavailable = (
  message = 'The service is temporarily unavailable; please retry.',
  options: { cause?: unknown } = {},
) => new DomainError('INTERNAL_ERROR', message, [], { retryable: true, ...options });

/**
 * The booking paths' "try again": BOOKING_POLICY_BLOCKED 503, retryable (an outage, the capacity
 * locks not had in time, a change that keeps losing its compare-and-set; docs/decisions.md "Booking").
 */
export const bookingUnavailable = (message = 'Bookings are temporarily unavailable; please retry.') =>
  new DomainError('BOOKING_POLICY_BLOCKED', message, [], { httpStatus: 503, retryable: true });

/** True for an unreachable dependency and for the retryable error a downstream service answered with. */
export function isOutage(err: unknown): boolean {
  return err instanceof DependencyUnavailableError || (err instanceof DomainError && err.retryable);
}

/** Runs `fn`; an outage it meets (see `isOutage`) becomes `answer()`, anything else passes through. */
export async function answeringOutagesWith<T>(answer: () => DomainError, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!isOutage(err)) throw err;
    const replacement = answer();
    // Already this answer (e.g. booking's own "busy" 503): keep its more precise message.
    if (err instanceof DomainError && err.code === replacement.code) throw err;
    // The outage stays the cause, so the caller's log still names what failed (its callee).
    throw new DomainError(replacement.code, replacement.message, replacement.details, {
      httpStatus: replacement.httpStatus,
      retryable: replacement.retryable,
      cause: err,
    });
  }
}
