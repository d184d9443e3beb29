import { notFound } from '@svc/errors';
import { unary } from '@svc/grpc';
import type { bookingV1 } from '@svc/proto';
import { injectTraceContext, type Logger } from '@svc/telemetry';
import { createBooking, type CreateBookingDeps } from '../application/create-booking.js';
import { getAvailability } from '../application/get-availability.js';
import { toProtoBooking } from './booking-mapping.js';
import { answeringOutagesWith503 } from './infrastructure-errors.js';

export interface BookingRpcDeps extends CreateBookingDeps {
  logger: Logger;
  /** Called after a commit that wrote outbox rows, so the relay publishes at once. */
  onOutboxWrite: () => void;
}

/** gRPC handlers of booking.v1.BookingService (the lifecycle RPCs arrive with their feature). */
export function bookingRpc(
  deps: BookingRpcDeps,
): Pick<bookingV1.BookingServiceServer, 'getAvailability' | 'createBooking' | 'getBooking'> {
  const { logger } = deps;
  return {
    getAvailability: unary('GetAvailability', logger, (req: bookingV1.GetAvailabilityRequest) =>
      answeringOutagesWith503(() => getAvailability(deps, req)),
    ),

    createBooking: unary('CreateBooking', logger, async (req: bookingV1.CreateBookingRequest) => {
      let traceparent: string | null = null;
      injectTraceContext((key, value) => {
        if (key === 'traceparent') traceparent = value;
      });
      const result = await answeringOutagesWith503(() =>
        createBooking(deps, {
          tenantId: req.tenantId,
          idempotencyKey: req.idempotencyKey,
          fingerprint: req.requestFingerprint,
          serviceSlug: req.serviceSlug,
          startsAtMs: req.startsAtMs,
          source: req.source,
          customer: {
            name: req.customer?.name ?? '',
            primaryEmail: req.customer?.primaryEmail,
            phone: req.customer?.phone,
            locale: req.customer?.locale,
          },
          notes: req.notes,
          timezone: req.timezone,
          staffId: req.staffId,
          traceparent,
        }),
      );
      if (!result.idempotentReplay) deps.onOutboxWrite();
      return { booking: toProtoBooking(result.booking), idempotentReplay: result.idempotentReplay };
    }),

    getBooking: unary('GetBooking', logger, async (req: bookingV1.GetBookingRequest) => {
      const booking = await answeringOutagesWith503(() => deps.store.booking(req.tenantId, req.bookingId));
      if (!booking) throw notFound('Booking');
      return { booking: toProtoBooking(booking) };
    }),
  };
}
