import { describe, expect, it } from 'vitest';
import { CUSTOMER_ERASED } from '@svc/events';
import { DomainError } from '@svc/errors';
import {
  CUSTOMER_ERASED_EVENT,
  ERASED_REASON,
  erasedCustomer,
  eraseAction,
  holdsPersonalData,
  nextStep,
  paymentCustomerLeft,
  paymentCustomersOf,
  redactEventData,
  STRIPPED_BOOKING,
  UNFINISHED_STEPS,
  type EraseStep,
} from '../../src/domain/erasure.js';

const NOW = 1_800_000_000_000;
const HOUR = 3_600_000;

describe('the erase of a customer', () => {
  it('runs its steps in order and stays done', () => {
    const seen: EraseStep[] = ['cancel'];
    while (seen.at(-1) !== 'done') seen.push(nextStep(seen.at(-1)!));
    expect(seen).toEqual(['cancel', 'strip', 'redact', 'announce', 'customer', 'payments', 'scrub', 'done']);
    expect(nextStep('done')).toBe('done');
    // What the start-up resume looks for: every step but the end.
    expect(UNFINISHED_STEPS).toEqual(seen.slice(0, -1));
  });

  it('names its reason and its event as the other services read them, and refuses a booking for an erased customer', () => {
    expect(ERASED_REASON).toBe('customer_erased');
    expect(CUSTOMER_ERASED_EVENT).toBe(CUSTOMER_ERASED);
    const refusal = erasedCustomer();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [
        { path: 'customerId', message: 'this customer was erased: their record takes no new or moved bookings' },
      ],
    });
  });

  it('cancels holds and confirmed bookings ahead, expires holds that ran out, keeps what took place', () => {
    const at = (status: string, startsAtMs: number, holdExpiresAtMs: number | null = null) =>
      eraseAction({ status: status as never, startsAtMs, holdExpiresAtMs }, NOW);
    expect(at('held', NOW + HOUR, NOW + 60_000)).toBe('cancel');
    expect(at('held', NOW + HOUR, NOW)).toBe('expire');
    expect(at('confirmed', NOW + 1)).toBe('cancel');
    // Started (or over): it took place, for the business's accounts.
    expect(at('confirmed', NOW)).toBeNull();
    expect(at('confirmed', NOW - HOUR)).toBeNull();
    for (const status of ['cancelled', 'completed', 'no_show']) expect(at(status, NOW + HOUR)).toBeNull();
  });

  it('deletes each Stripe customer of the bookings once, and counts as left what a retry cannot delete', () => {
    const paid = (customerRef: string) => ({ payment: { customerRef } });
    expect(paymentCustomersOf([paid('cus_1'), {}, { payment: null }, paid(''), paid('cus_2'), paid('cus_1')])).toEqual([
      'cus_1',
      'cus_2',
    ]);
    expect(paymentCustomersOf([])).toEqual([]);
    expect(paymentCustomerLeft('deleted')).toBe(false);
    expect(paymentCustomerLeft('already_deleted')).toBe(false);
    for (const outcome of ['not_connected', 'refused', '']) expect(paymentCustomerLeft(outcome)).toBe(true);
  });

  it('knows a booking that still holds answers or notes', () => {
    expect(holdsPersonalData({ notes: '', answers: [] })).toBe(false);
    expect(holdsPersonalData({ notes: '' })).toBe(false);
    expect(holdsPersonalData({ notes: 'x', answers: [] })).toBe(true);
    expect(holdsPersonalData({ notes: '', answers: [{ key: 'a' }] })).toBe(true);
    expect(holdsPersonalData({ answers: [] })).toBe(false);
    expect(holdsPersonalData({ notes: null, answers: 'x' })).toBe(false);
    expect(holdsPersonalData({})).toBe(false);
    // What the strip step writes holds nothing.
    expect(STRIPPED_BOOKING).toEqual({ notes: '', answers: [] });
    expect(holdsPersonalData(STRIPPED_BOOKING)).toBe(false);
  });

  it('redacts the customer and the answers of an event and keeps everything else', () => {
    const data = {
      booking: { bookingId: 'bkg_1', status: 'cancelled', startsAtMs: NOW, answers: [{ key: 'a', value: 'secret' }] },
      service: { serviceId: 'svc_1', slug: 'cut', name: 'Cut' },
      customer: { customerId: 'cus_1', name: 'Ada', primaryEmail: 'ada@example.org', phone: '+4930123' },
      previous: { startsAtMs: NOW - HOUR, endsAtMs: NOW },
      actor: 'system',
    };
    expect(redactEventData(data)).toEqual({
      ...data,
      booking: { ...data.booking, answers: [] },
      customer: { customerId: 'cus_1', name: '', primaryEmail: '', phone: '' },
    });
    // The stored data is replaced, never changed in place.
    expect(data.customer.name).toBe('Ada');
    expect(redactEventData({ customer: { customerId: 'cus_1', name: 'Ada', primaryEmail: null } })).toEqual({
      customer: { customerId: 'cus_1', name: '', primaryEmail: '' },
    });
    // Notes go where the event has them; nothing is added where it has none, or where a field is no record.
    expect(redactEventData({ booking: { bookingId: 'bkg_1', notes: 'allergic to latex', answers: [] } })).toEqual({
      booking: { bookingId: 'bkg_1', notes: '', answers: [] },
    });
    expect(redactEventData({ booking: { bookingId: 'bkg_1' }, actor: 'staff' })).toEqual({
      booking: { bookingId: 'bkg_1', answers: [] },
      actor: 'staff',
    });
    for (const odd of ['cus_1', null, ['cus_1']]) {
      expect(redactEventData({ customer: odd, booking: odd })).toEqual({ customer: odd, booking: odd });
    }
  });
});
