/**
 * A booking's Zoom meeting in the write-back (docs/decisions.md "Integrations", "Video meetings"):
 * made once at the staff member's Zoom connection and its id kept on the sync record, moved on a
 * reschedule, removed when the booking goes (cancel, no-show, expiry, the customer's erasure) or
 * no longer asks for one. What was done is written into `progress` as it happens, so a write
 * that fails later (the calendar event) still stores the meeting's id.
 */
import type { ConnectionUse } from '../connections/connections.js';
import type { HeldMeeting } from './providers/zoom-meetings.js';
import type { ConnectionRepository } from '../connections/store/connection-repository.js';
import type { ConnectionDoc, SyncDoc } from '../store/records.js';

export type MeetingFields = Pick<SyncDoc, 'meetingId' | 'meetingConnectionId' | 'meetingUrl'>;

const NO_MEETING: MeetingFields = { meetingId: null, meetingConnectionId: null, meetingUrl: null };

export class BookingMeetings {
  constructor(private readonly deps: { connections: ConnectionRepository; use: ConnectionUse }) {}

  /**
   * The booking's meeting at `zoom` as the record now wishes it, titled `topic` (the service's
   * name: no personal data). A meeting held at another connection (a reconnected account) goes first.
   */
  async put(doc: SyncDoc, zoom: ConnectionDoc, topic: string, progress: Partial<SyncDoc>): Promise<HeldMeeting> {
    let known: HeldMeeting | null = null;
    if (doc.meetingId && doc.meetingConnectionId === zoom._id && doc.meetingUrl) {
      known = { meetingId: doc.meetingId, joinUrl: doc.meetingUrl };
    } else {
      await this.remove(doc, progress);
    }
    const meeting = { bookingId: doc._id, topic, startsAtMs: doc.startsAtMs, endsAtMs: doc.endsAtMs };
    const held = await this.deps.use.meet(zoom, (m) => m.putMeeting(meeting, known));
    Object.assign(progress, { meetingId: held.meetingId, meetingConnectionId: zoom._id, meetingUrl: held.joinUrl });
    return held;
  }

  /**
   * Removes the meeting the record holds. When its connection is gone (disconnected) it stays
   * at Zoom, as a disconnected calendar keeps its events; the record forgets it either way.
   */
  async remove(doc: SyncDoc, progress: Partial<SyncDoc>): Promise<void> {
    const meetingId = doc.meetingId;
    if (!meetingId) return;
    const conn = doc.meetingConnectionId
      ? await this.deps.connections.get(doc.tenantId, doc.meetingConnectionId)
      : null;
    if (conn) await this.deps.use.meet(conn, (m) => m.deleteMeeting(meetingId));
    Object.assign(progress, NO_MEETING);
  }
}
