import { describe, expect, it } from 'vitest';
import { manageUrl, mintManageToken, mintUnsubscribeToken } from '@svc/crypto';
import { parseBookingEvent } from '../src/domain/booking-event.js';
import { CUSTOMER_ERASED, MAX_ERASED_BOOKINGS, parseCustomerErasure } from '../src/domain/customer-erasure.js';
import { LINK_REMOVED, withoutLinkTokens } from '../src/domain/link-tokens.js';
import { REMOVED_CONTENT } from '../src/store/records.js';
import { bodyRemoval, erasedRecipient, erasure, messageIdsOf } from '../src/store/redaction.js';

const envelope = (data: unknown, type = CUSTOMER_ERASED) =>
  JSON.stringify({ id: 'evt_e1', type, payloadVersion: 1, occurredAtMs: 5, data });

describe('customer.erased', () => {
  it('reads the erasure of an event, each booking once', () => {
    const value = envelope({
      tenantId: 'ten_1',
      customerId: 'cus_1',
      bookingIds: ['bkg_1', 'bkg_2', 'bkg_1'],
      erasedAtMs: 7,
    });
    expect(parseCustomerErasure(value)).toEqual({
      erasure: {
        eventId: 'evt_e1',
        tenantId: 'ten_1',
        customerId: 'cus_1',
        bookingIds: ['bkg_1', 'bkg_2'],
        erasedAtMs: 7,
      },
    });
  });

  it('leaves other events to the booking event parser and says why an erasure is not one', () => {
    expect(parseCustomerErasure(envelope({ booking: {} }, 'booking.created'))).toBeNull();
    expect(parseCustomerErasure('not json')).toBeNull();
    expect(parseCustomerErasure(envelope(null))).toEqual({ problem: 'customer.erased without data' });
    expect(parseCustomerErasure(envelope({ tenantId: 'ten_1', bookingIds: [], erasedAtMs: 1 }))).toMatchObject({
      problem: expect.stringMatching(/customerId/),
    });
    expect(
      parseCustomerErasure(envelope({ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: [''], erasedAtMs: 1 })),
    ).toMatchObject({ problem: expect.stringMatching(/bookingIds/) });
    const tooMany = Array.from({ length: MAX_ERASED_BOOKINGS + 1 }, (_, i) => `bkg_${i}`);
    expect(
      parseCustomerErasure(envelope({ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: tooMany, erasedAtMs: 1 })),
    ).toMatchObject({ problem: expect.stringMatching(/bookingIds/) });
    expect(
      parseCustomerErasure(envelope({ tenantId: 'ten_1', customerId: 'cus_1', bookingIds: [], erasedAtMs: 1.5 })),
    ).toEqual({ problem: 'customer.erased without erasedAtMs' });
  });

  it('keeps the customer a booking event carries, for when their record is erased', () => {
    const value = JSON.stringify({
      id: 'evt_c',
      type: 'booking.cancelled',
      payloadVersion: 1,
      occurredAtMs: 5,
      data: {
        booking: { tenantId: 'ten_1', bookingId: 'bkg_1', startsAtMs: 1, endsAtMs: 2 },
        customer: { customerId: 'cus_1', name: 'Ann Example', primaryEmail: 'ann@example.test' },
      },
    });
    expect(parseBookingEvent(value, {})).toMatchObject({
      event: { customerId: 'cus_1', customerSnapshot: { name: 'Ann Example', email: 'ann@example.test' } },
    });
    const bare = JSON.parse(value) as { data: { customer?: unknown } };
    delete bare.data.customer;
    expect(parseBookingEvent(JSON.stringify(bare), {})).toMatchObject({
      event: { customerId: '', customerSnapshot: { name: '', email: '' } },
    });
  });
});

describe('redaction', () => {
  const doc = {
    _id: 'ntf_1',
    recipientKind: 'customer' as const,
    recipient: 'ann@example.test',
    bodyRemovedAtMs: null,
    revision: 4,
  };

  it('erases a customer record with its address, keeps a business address', () => {
    expect(erasure(doc, 10)).toEqual({
      content: REMOVED_CONTENT,
      bodyRemovedAtMs: 10,
      erasedAtMs: 10,
      eraseWhenFinal: false,
      recipient: erasedRecipient('ntf_1'),
    });
    expect(
      erasure({ ...doc, recipientKind: 'business', recipient: 'owner@acme.test', bodyRemovedAtMs: 3 }, 10),
    ).toMatchObject({
      recipient: 'owner@acme.test',
      // Retention removed the body first: that moment stays.
      bodyRemovedAtMs: 3,
      erasedAtMs: 10,
    });
  });

  it('removes a body for retention and moves the record revision on', () => {
    expect(bodyRemoval(doc, 10)).toEqual({ content: REMOVED_CONTENT, bodyRemovedAtMs: 10, revision: 5 });
  });

  it('names every Message-ID an email went out under', () => {
    expect(messageIdsOf({ _id: 'ntf_1', channel: 'email', series: 2, messageId: '<ntf_1.2@mail.test>' })).toEqual([
      '<ntf_1@mail.test>',
      '<ntf_1.2@mail.test>',
    ]);
    expect(messageIdsOf({ _id: 'ntf_1', channel: 'sms', series: 1, messageId: '' })).toEqual([]);
  });
});

describe('the export text of a message', () => {
  const keys = { current: { kid: 'k1', secret: 'privacy-domain-test-manage-secret-0123456789' } };
  const claims = { tenantId: 'ten_1', bookingId: 'bkg_1', customerId: 'cus_1' };
  const manage = mintManageToken(keys, claims, 1_700_000_000_000);
  const unsubscribe = mintUnsubscribeToken(keys, claims);
  const base = 'https://book.example.test';

  it('replaces every manage and unsubscribe token, whole, wherever it stands', () => {
    const text = [
      'Hello Ann Example',
      '',
      `Manage your booking: ${manageUrl(base, manage)}`,
      '',
      '-- ',
      `Stop reminders: ${base}/notifications/unsubscribe/${unsubscribe}`,
      `Twice on a line: ${manage} and ${base}/x?token=${unsubscribe}&lang=de`,
      `At the end of a sentence: ${manage}.`,
      // Cut short or altered: still the token's secret parts.
      `Cut: ${manage.split('.').slice(0, 2).join('.')} and ${unsubscribe}.extra`,
      `Book again: ${base}/book/acme`,
    ].join('\n');
    expect(withoutLinkTokens(text)).toBe(
      [
        'Hello Ann Example',
        '',
        `Manage your booking: ${base}/booking/manage/${LINK_REMOVED}`,
        '',
        '-- ',
        `Stop reminders: ${base}/notifications/unsubscribe/${LINK_REMOVED}`,
        `Twice on a line: ${LINK_REMOVED} and ${base}/x?token=${LINK_REMOVED}&lang=de`,
        `At the end of a sentence: ${LINK_REMOVED}.`,
        `Cut: ${LINK_REMOVED} and ${LINK_REMOVED}`,
        `Book again: ${base}/book/acme`,
      ].join('\n'),
    );
    const [, payload, signature] = manage.split('.');
    const out = withoutLinkTokens(text);
    for (const part of [payload!, signature!, ...unsubscribe.split('.').slice(1)]) expect(out).not.toContain(part);
  });

  it('leaves a text without tokens as it is', () => {
    const text = `Your booking with Acme on 2 May.\nBook again: ${base}/book/acme\nsvc_m1 alone names nothing.`;
    expect(withoutLinkTokens(text)).toBe(text);
    expect(withoutLinkTokens('')).toBe('');
  });
});
