// The Zoom meetings client against the Zoom API stand-in (libs/testing zoom-standin.ts, the
// documented shapes of the Meetings API, not Zoom): one meeting per booking, adopted again after
// a lost id instead of made twice, moved on a reschedule, removed (an already gone one fine),
// a refused token as ProviderAuthError and a 429 with its Retry-After.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startZoomStandIn, type ZoomStandIn, type ZoomStandInUser } from '@svc/testing';
import { meetingAgenda, ZoomMeetings } from '../src/meetings/providers/zoom-meetings.js';
import { ProviderAuthError, ProviderUnavailableError } from '../src/providers/provider.js';

const HOUR = 3_600_000;
const START = Date.parse('2031-05-06T09:00:00Z');
const users = new Map<string, ZoomStandInUser>();
let zoom: ZoomStandIn;

beforeAll(async () => {
  zoom = await startZoomStandIn({ verifyToken: async (token) => users.get(token) ?? null });
});
afterAll(() => zoom?.close());

/** A Zoom user of its own, and the client of its token. */
function account(name: string) {
  const user = { id: `zu_${name}`, email: `${name}@zoom.test` };
  const token = `token-${name}`;
  users.set(token, user);
  const client = new ZoomMeetings({
    apiUrl: zoom.url,
    accessToken: async () => token,
    timeoutMs: 5_000,
    maxResponseBytes: 1024 * 1024,
  });
  return { user, token, client };
}

/** The stand-in's requests since `from`, as `METHOD path`. */
const requestsOf = (from: number) =>
  zoom
    .requests()
    .slice(from)
    .map((r) => `${r.method} ${r.path}`);

const booking = (bookingId: string, startsAtMs = START) => ({
  bookingId,
  topic: 'Consultation',
  startsAtMs,
  endsAtMs: startsAtMs + HOUR,
});

describe('ZoomMeetings against the Zoom API stand-in', () => {
  it('answers the account’s email', async () => {
    expect(await account('ada').client.account()).toBe('ada@zoom.test');
  });

  it('creates one meeting per booking: the service as topic, the booking id as agenda, its time', async () => {
    const { user, client } = account('bea');
    const from = zoom.requests().length;
    const held = await client.putMeeting(booking('bk_create'), null);
    // No id known: the upcoming meetings are looked through first, then one is made.
    expect(requestsOf(from)).toEqual(['GET /users/me/meetings', 'POST /users/me/meetings']);
    expect(zoom.requests()[from]!.query.get('type')).toBe('upcoming');
    const [meeting] = zoom.meetings(user.id);
    expect(meeting).toMatchObject({
      topic: 'Consultation',
      agenda: 'Booking bk_create',
      start_time: '2031-05-06T09:00:00Z',
      duration: 60,
      type: 2,
    });
    expect(held).toEqual({ meetingId: String(meeting!.id), joinUrl: meeting!.join_url });
    expect(held.joinUrl).toMatch(/^https:\/\/zoom\.us\/j\/\d+/);
  });

  it('adopts the meeting whose agenda names the booking when its id was lost, through the pages', async () => {
    const { user, client } = account('cy');
    // The host's own meetings, more than one page of 300, sooner than the booking's.
    for (let i = 0; i < 320; i++) {
      zoom.addMeeting(user, { topic: `Own ${i}`, startMs: START - 10 * HOUR + i * 60_000, durationMin: 30 });
    }
    const first = await client.putMeeting(booking('bk_lost'), null);
    // The answer was lost (a crash before the id was stored): the next write finds it again.
    const from = zoom.requests().length;
    const again = await client.putMeeting(booking('bk_lost', START + 2 * HOUR), null);
    expect(again).toEqual(first);
    expect(requestsOf(from)).toEqual([
      'GET /users/me/meetings',
      'GET /users/me/meetings',
      `PATCH /meetings/${first.meetingId}`,
    ]);
    expect(zoom.requests()[from + 1]!.query.get('next_page_token')).not.toBe('');
    const mine = zoom.meetings(user.id).filter((m) => m.agenda === meetingAgenda('bk_lost'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.start_time).toBe('2031-05-06T11:00:00Z');
  });

  it('moves the known meeting on a reschedule; one the host deleted at Zoom is made again', async () => {
    const { user, client, token } = account('dee');
    const held = await client.putMeeting(booking('bk_move'), null);
    const from = zoom.requests().length;
    const moved = await client.putMeeting({ ...booking('bk_move', START + HOUR), endsAtMs: START + 3 * HOUR }, held);
    expect(moved).toEqual(held);
    expect(requestsOf(from)).toEqual([`PATCH /meetings/${held.meetingId}`]);
    expect(zoom.meetings(user.id)).toMatchObject([{ start_time: '2031-05-06T10:00:00Z', duration: 120 }]);

    // Deleted by its host in Zoom's own app.
    const res = await fetch(`${zoom.url}/meetings/${held.meetingId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);
    const remade = await client.putMeeting(booking('bk_move'), held);
    expect(remade.meetingId).not.toBe(held.meetingId);
    expect(zoom.meetings(user.id).map((m) => String(m.id))).toEqual([remade.meetingId]);
  });

  it('deletes the meeting; a meeting already gone (404, code 3001) is fine', async () => {
    const { user, client } = account('eli');
    const held = await client.putMeeting(booking('bk_delete'), null);
    await client.deleteMeeting(held.meetingId);
    expect(zoom.meetings(user.id)).toEqual([]);
    await expect(client.deleteMeeting(held.meetingId)).resolves.toBeUndefined();
  });

  it('a token Zoom refuses (401, code 124) is ProviderAuthError: the connection needs signing in again', async () => {
    const { client, token } = account('fay');
    users.delete(token);
    const err = await client.putMeeting(booking('bk_401'), null).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect((err as Error).message).toContain('code 124');
    expect((err as Error).message).not.toContain(token);
  });

  it('a 429 is an outage with the Retry-After Zoom gave; a 503 an outage without', async () => {
    const { client } = account('gus');
    zoom.setThrottled(7);
    try {
      const err = await client.putMeeting(booking('bk_429'), null).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderUnavailableError);
      expect((err as ProviderUnavailableError).retryAfterMs).toBe(7_000);
    } finally {
      zoom.setThrottled(null);
    }
    zoom.setDown(true);
    try {
      const err = await client.deleteMeeting('123').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderUnavailableError);
      expect((err as ProviderUnavailableError).retryAfterMs).toBeUndefined();
    } finally {
      zoom.setDown(false);
    }
  });
});
