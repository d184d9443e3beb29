import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answeringOutagesWith, bookingUnavailable, DomainError } from '@svc/errors';
import {
  hasAction,
  verifyManageToken,
  type ManageAction,
  type ManageTokenKeys,
  type ManageTokenPayload,
} from '@svc/crypto';
import type { BookingClient, CatalogClient } from '@svc/grpc';
import type { bookingV1, catalogV1 } from '@svc/proto';
import { fetchTenant, isActive } from './tenants.js';

/** The actor a manage token speaks for in the booking service's state machine. */
export const CUSTOMER_ACTOR = 'customer';

/** What the manage guard resolved for a request, for the route's handler. */
export interface ManageContext {
  /** The token as the customer presented it (the ICS file links back to it). */
  token: string;
  claims: ManageTokenPayload;
  /** The booking now, and what the booking service lets the customer do with it now. */
  booking: bookingV1.Booking;
  allowedActions: string[];
  /** Of cancel and reschedule, those the state machine refuses the customer now, and why. */
  refusedActions: bookingV1.RefusedAction[];
  /** A paid booking the customer may cancel now: what that cancel would refund (minor units). */
  cancelRefundAmount?: number | undefined;
  /** The booking's tenant, active. */
  tenant: catalogV1.Tenant;
}

/** Resolves a manage token for one action or throws the answer (see createManageGuard). */
export type ManageGuard = (token: string, action: ManageAction) => Promise<ManageContext>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the guard on `manage:*` routes only. */
    manage?: ManageContext;
  }
  interface FastifyInstance {
    manageGuard: ManageGuard;
  }
}

export interface ManageGuardDeps {
  booking: BookingClient;
  catalog: CatalogClient;
  keys: ManageTokenKeys;
  now?: () => number;
}

/** One answer for every token that does not lead to a booking, so a probe learns nothing. */
const notFound = () => new DomainError('NOT_FOUND', 'Booking was not found.');

export const FORBIDDEN_ACTION: Record<ManageAction, string> = {
  read: 'This link does not allow viewing the booking.',
  cancel: 'This link does not allow cancelling the booking.',
  reschedule: 'This link does not allow rescheduling the booking.',
};

/**
 * The manage-token guard (docs/api-conventions.md "Customer manage"), run in the route's
 * onRequest hook, so before the body is read and before anything changes. Checks, in order:
 * 1. the token: malformed, forged, tampered, signed with a key we do not hold, expired, or
 *    naming a booking that does not exist, belongs to another tenant or another customer →
 *    NOT_FOUND, the same answer for all;
 * 2. the booking's tenant disabled or suspended → TENANT_INACTIVE;
 * 3. the action not in the token's set → FORBIDDEN.
 * Then the handler asks the booking service, whose state machine has the last word (actor
 * `customer`). Cookies are never read. An outage is BOOKING_POLICY_BLOCKED 503 (a booking path).
 *
 * Cost: one GetBooking (with the customer's allowed actions) and one GetTenant, in parallel;
 * handlers reuse both (`manageOf`).
 */
export function createManageGuard(deps: ManageGuardDeps): ManageGuard {
  const now = deps.now ?? Date.now;
  return (token, action) =>
    answeringOutagesWith(bookingUnavailable, async () => {
      const claims = verifyManageToken(deps.keys, token, now());
      if (!claims) throw notFound();
      const [found, tenant] = await Promise.all([
        deps.booking
          .getBooking({ tenantId: claims.tenantId, bookingId: claims.bookingId, actor: CUSTOMER_ACTOR })
          .catch((err: unknown) => {
            if (err instanceof DomainError && err.code === 'NOT_FOUND') return null;
            throw err;
          }),
        fetchTenant(deps.catalog, claims.tenantId),
      ]);
      const booking = found?.booking;
      if (!booking || !tenant || booking.customerId !== claims.customerId) throw notFound();
      if (!isActive(tenant)) throw new DomainError('TENANT_INACTIVE', 'This business is not taking bookings.');
      if (!hasAction(claims, action)) throw new DomainError('FORBIDDEN', FORBIDDEN_ACTION[action]);
      const { allowedActions, refusedActions, cancelRefundAmount } = found;
      return { token, claims, booking, allowedActions, refusedActions, cancelRefundAmount, tenant };
    });
}

/** Provides `app.manageGuard`, used by every `manage:*` route (defineRoute). */
export function registerManageAuth(app: FastifyInstance, deps: ManageGuardDeps): void {
  app.decorateRequest('manage', undefined);
  app.decorate('manageGuard', createManageGuard(deps));
}

/** What the guard resolved (routes with `manage:*` access only). */
export function manageOf(request: FastifyRequest): ManageContext {
  if (!request.manage) throw new Error('manageOf() on a route without manage access');
  return request.manage;
}
