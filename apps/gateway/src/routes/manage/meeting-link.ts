import { calendarSyncView, type IntegrationClient } from '@svc/grpc';
import { joinUrlOf } from '@svc/rules';
import type { bookingV1 } from '@svc/proto';

/** Short: the link only adds to the page and the calendar file, which never wait long for it. */
const DEADLINE = { deadlineMs: 2_000 };

/**
 * The video meeting's join link a customer's manage page and calendar file show
 * (docs/decisions.md "Integrations"): the integrations service's write-back record's, for a
 * confirmed booking only (a held one has no meeting yet; once cancelled, completed or a no-show
 * there is nothing to join). Null without one, without an integrations service, or when it did
 * not answer in time: the page and file then simply name no meeting.
 */
export async function meetingUrlOf(
  integrations: IntegrationClient | null,
  booking: Pick<bookingV1.Booking, 'tenantId' | 'bookingId' | 'status'>,
  log: { warn(fields: object, message: string): void },
): Promise<string | null> {
  if (!integrations || booking.status !== 'confirmed') return null;
  try {
    const res = await integrations.getCalendarSync(
      { tenantId: booking.tenantId, bookingId: booking.bookingId },
      DEADLINE,
    );
    return joinUrlOf(calendarSyncView(res.calendarSync));
  } catch (err) {
    log.warn({ err, bookingId: booking.bookingId }, 'video meeting link unavailable for the manage page');
    return null;
  }
}
