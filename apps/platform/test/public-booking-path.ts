import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '@svc/store';
import { json } from '@svc/testing';
import { berlinTime } from './booking-fixture.js';

const DAY = 86_400_000;
/** 10:00 Berlin time, three days ahead: inside the 09:00–17:00 rules, well within 90 days. */
export const slot = berlinTime(3, 10);

export const customer = (n: number | string) => ({ name: `Customer ${n}`, primaryEmail: `c${n}@example.test` });
export const errorOf = async (res: Response) => ({ status: res.status, ...(await json(res)).error });

/** Idempotency keys, unique across every client of this module in a test file. */
let keys = 0;

/** The public booking routes of the gateway at `base()` for tenants seeded by seedTenant. */
export function publicBooking(base: () => string) {
  return {
    create(body: object, key: string | null = `key-${++keys}`, tenant = 'smile') {
      return fetch(`${base()}/book/${tenant}/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'idempotency-key': key }) },
        body: JSON.stringify(body),
      });
    },
    availability: (from: number, to: number, service = 'checkup') =>
      fetch(`${base()}/book/smile/availability?serviceSlug=${service}&fromMs=${from}&toMs=${to}`),
  };
}

/**
 * The public booking path end to end (config → availability → create → 200 parallel creates for
 * one slot) against the gateway at `base()`, whose tenant "smile" was seeded by seedTenant. Run by
 * the embedded platform's suite and by the distributed profile's (every app its own process).
 * `bookingStore()` opens the booking service's own store, read after the race (closed here).
 */
export function publicBookingPath(base: () => string, bookingStore: () => Promise<DocumentStore>): void {
  const { create, availability } = publicBooking(base);

  describe('public booking: the happy path', () => {
    it('config lists the tenant and its active services only', async () => {
      const res = await fetch(`${base()}/book/smile/config`);
      expect(res.status).toBe(200);
      const { data } = await json(res);
      expect(data.tenant).toMatchObject({
        slug: 'smile',
        name: 'Clinic smile',
        timezone: 'Europe/Berlin',
        locale: 'de',
      });
      expect(data.services).toEqual([
        {
          slug: 'checkup',
          name: 'Check-up',
          description: '',
          durationMin: 30,
          price: { amount: 4500, currency: 'EUR' },
          seats: 1,
          maxPartySize: 1,
          cancelCutoffMin: 0,
          rescheduleCutoffMin: 0,
          maxAdvanceDays: 90,
          // No payment policy (docs/decisions.md "Payments").
          payment: 'none',
          depositAmount: 0,
          refundAfterCutoffPercent: 0,
          noShowCharge: 'none',
          noShowFeeAmount: 0,
          questions: [],
          // Whom the customer may choose: the service's active staff, by name only.
          staff: [{ staffId: expect.stringMatching(/^stf_/), displayName: 'Dr. Weber' }],
        },
      ]);
    });

    it('availability → create → the slot disappears', async () => {
      const from = berlinTime(3, 0);
      const before = await json(await availability(from, from + DAY));
      expect(before.data.finalAuthority).toBe('booking_create_recheck_under_lock');
      expect(before.data.timezone).toBe('Europe/Berlin');
      expect(before.data.slots).toContainEqual({ startsAtMs: slot, endsAtMs: slot + 30 * 60_000 });
      expect(before.data.slots).toHaveLength(16);

      const res = await create(
        { serviceSlug: 'checkup', startsAtMs: slot, source: 'public_page', customer: customer(1) },
        'happy',
      );
      expect(res.status).toBe(201);
      const { data } = await json(res);
      expect(data).toMatchObject({
        booking: { bookingId: expect.stringMatching(/^bkg_/), status: 'held' },
        idempotentReplay: false,
      });
      expect(data.manageToken).toMatch(/^svc_m1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
      expect(data.manageUrl).toBe(`${base()}/booking/manage/${data.manageToken}`);

      const after = await json(await availability(from, from + DAY));
      expect(after.data.slots).not.toContainEqual({ startsAtMs: slot, endsAtMs: slot + 30 * 60_000 });
      expect(after.data.slots).toHaveLength(15);
    });
  });

  describe('contention', () => {
    it('gives a slot to exactly one of 200 parallel creates; the rest get 409, none a 5xx', async () => {
      const start = slot + 3 * 60 * 60_000;
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          create({ serviceSlug: 'checkup', startsAtMs: start, customer: customer(`p${i}`) }),
        ),
      );
      const byStatus = new Map<number, number>();
      for (const r of answers) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
      // The codes of any 5xx, so a failure says which refusal it was.
      const failures = await Promise.all(
        answers.filter((r) => r.status >= 500).map(async (r) => (await json(r.clone())).error?.code),
      );
      console.log(
        `contention on one slot: 200 parallel creates answered ${JSON.stringify(Object.fromEntries(byStatus))}${failures.length > 0 ? `, 5xx codes: ${failures.join(' ')}` : ''}`,
      );
      expect(Object.fromEntries(byStatus)).toEqual({ 201: 1, 409: 199 });
      const codes = new Set(
        await Promise.all(answers.filter((r) => r.status === 409).map(async (r) => (await json(r)).error.code)),
      );
      expect([...codes]).toEqual(['BOOKING_SLOT_UNAVAILABLE']);

      // What was stored, read from the booking service's store: the one booking the 201 named,
      // with exactly one booking.created row, and nothing for the 199 refused.
      const winner = (await json(answers.find((r) => r.status === 201)!)).data.booking.bookingId;
      const store = await bookingStore();
      try {
        // Collections and fields as apps/booking/src/store/records.ts names them.
        const stored = await store.collection<{ _id: string; status: string }>('bookings').find({ startsAtMs: start });
        expect(stored.map((b) => [b._id, b.status])).toEqual([[winner, 'held']]);
        const rows = await store.collection<{ _id: string; type: string }>('outbox').find({ key: winner });
        expect(rows.map((r) => r.type)).toEqual(['booking.created']);
      } finally {
        await store.close();
      }
    });
  });
}
