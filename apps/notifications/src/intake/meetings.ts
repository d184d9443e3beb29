/**
 * The booking's video meeting as the integrations service has it (docs/decisions.md
 * "Notifications"): its calendar write-back record (`GetCalendarSync`), the one copy of the join
 * link, and, while there is no record, whether the staff member has any connection
 * (`ListConnections`) that could make one.
 */
import { calendarSyncView, type IntegrationClient } from '@svc/grpc';
import type { Logger } from '@svc/telemetry';
import { meetingState, NO_MEETING, WAITING, type MeetingState } from '../domain/meeting.js';

/** Short: a message waits for the answer, and an unanswered look is simply made again later. */
const DEADLINE = { deadlineMs: 2_000 };

export interface MeetingRef {
  tenantId: string;
  bookingId: string;
  /** '' without one. */
  staffId: string;
}

export class MeetingReader {
  constructor(
    private readonly client: IntegrationClient | undefined,
    private readonly logger: Logger,
  ) {}

  /**
   * What is known of the meeting of a booking whose service has `conferencing`. A service without
   * video (or a platform without the integrations service) has none: nothing is asked.
   */
  async state(ref: MeetingRef, conferencing: string): Promise<MeetingState> {
    if (!this.client || conferencing === '' || conferencing === 'none') return NO_MEETING;
    try {
      const sync = calendarSyncView(
        (await this.client.getCalendarSync({ tenantId: ref.tenantId, bookingId: ref.bookingId }, DEADLINE))
          .calendarSync,
      );
      return meetingState(sync, sync === null && (await this.staffConnected(ref)));
    } catch (err) {
      // Not known yet: a held message looks again; one composed now says nothing of a link.
      this.logger.warn({ err, bookingId: ref.bookingId }, 'video meeting link could not be read');
      return WAITING;
    }
  }

  private async staffConnected(ref: MeetingRef): Promise<boolean> {
    if (ref.staffId === '') return false;
    const { items } = await this.client!.listConnections({ tenantId: ref.tenantId }, DEADLINE);
    return items.some((c) => c.staffId === ref.staffId);
  }
}
