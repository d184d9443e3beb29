// A booking's own event never blocks (issue 39; docs/decisions.md "A booking's own event never
// blocks"; docs/testing.md "Peers' known failures", Cal.com #14704 and Easy!Appointments #1388),
// said once for the Google and Microsoft tests: through the gateway, a class whose first seat was
// written into the staff member's calendar keeps selling its other seats, and a booking moves by
// less than its length over its own event; another tenant connected to the same calendar is
// still kept from that time by it. The caller's stand-in answers where an event it holds starts.

import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { eventually, json } from '@svc/testing';
import { berlinTime, postBooking, slotStartsOn } from './booking-fixture.js';
import { book, dataOf, errorOf, type seedTenantWithOwner } from './dashboard-fixture.js';

const MIN = 60_000;

type Tenant = Awaited<ReturnType<typeof seedTenantWithOwner>> & { slug: string };

export interface OwnEventCase {
  base: string;
  /** The platform's BUSY_CACHE_MS: how long availability may keep what it read. */
  busyCacheMs: number;
  /** The tenant whose bookings are written, and another connected to the same account's calendar. */
  owner: Tenant;
  other: Tenant;
  /** Where the provider's stand-in holds the event of that id to start, if it holds it. */
  eventStart: (externalEventId: string) => number | undefined;
  /** Days ahead of the class (11:00 Berlin) and of the booking moved (10:00), free of the file's other events. */
  days: { class: number; move: number };
}

export async function expectOwnEventsNeverBlock(c: OwnEventCase): Promise<void> {
  const { base, owner } = c;
  const service = async (fields: Record<string, unknown>) =>
    dataOf(await owner.api('POST', '/api/services', { durationMin: 60, staffIds: [owner.staffId], ...fields }), 201);
  await service({ name: 'Class', slug: 'class', slotIntervalMin: 60, seats: 3 });
  await service({ name: 'Hour', slug: 'hour', slotIntervalMin: 30 });
  const confirmed = async (bookingId: string) => {
    await dataOf(await owner.api('POST', `/api/bookings/${bookingId}/confirm`));
    return eventually(`the synced booking ${bookingId}`, async () => {
      const body = await json(await owner.api('GET', `/api/bookings/${bookingId}`));
      return body.data.calendarSync?.status === 'synced'
        ? (body.data.calendarSync.externalEventId as string)
        : undefined;
    });
  };
  const seatsLeft = async (at: number) => {
    const query = new URLSearchParams({ serviceSlug: 'class', fromMs: String(at), toMs: String(at + 1) });
    const data = await dataOf(await fetch(`${base}/book/${owner.slug}/availability?${query}`));
    return (data.slots as Array<{ seatsLeft?: number }>)[0]?.seatsLeft;
  };

  // Cal.com #14704: the first seat's event in the calendar, read again by availability.
  const at = berlinTime(c.days.class, 11);
  const first = await book(base, owner.slug, at, { serviceSlug: 'class' });
  const eventId = await confirmed(first.booking.bookingId);
  expect(c.eventStart(eventId)).toBe(at);
  await sleep(c.busyCacheMs + 100);
  expect(await seatsLeft(at)).toBe(2);
  await book(base, owner.slug, at, { serviceSlug: 'class' });
  expect(await seatsLeft(at)).toBe(1);

  // Another tenant's booking in a calendar both share still blocks.
  const others = await slotStartsOn(base, c.other.slug, c.days.class);
  expect(others).not.toContain(at);
  expect(others).not.toContain(at + 30 * MIN);
  expect(others).toContain(at + 60 * MIN);
  expect(await errorOf(await postBooking(base, c.other.slug, at, `own-event-${c.other.slug}`))).toMatchObject({
    status: 409,
    code: 'BOOKING_SLOT_UNAVAILABLE',
  });

  // Easy!Appointments #1388: moved by half its length, over its own event, and back.
  const from = berlinTime(c.days.move, 10);
  const moving = (await book(base, owner.slug, from, { serviceSlug: 'hour' })).booking.bookingId;
  const movingEvent = await confirmed(moving);
  for (const to of [from + 30 * MIN, from]) {
    await dataOf(await owner.api('POST', `/api/bookings/${moving}/reschedule`, { startsAtMs: to }));
    await eventually('the moved event', async () => (c.eventStart(movingEvent) === to ? true : undefined));
  }
}
