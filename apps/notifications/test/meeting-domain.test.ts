import { describe, expect, it } from 'vitest';
import { joinUrlOf, type CalendarSyncView } from '@svc/rules';
import { renderMessage } from '../src/domain/layout.js';
import {
  FOLLOW_CHECK_CAP_MS,
  heldLine,
  holdCheckMs,
  lineNow,
  meetingState,
  nextFollowCheckAtMs,
} from '../src/domain/meeting.js';
import type { MessageFacts } from '../src/domain/message.js';

// The booking's video meeting in the customer's messages (docs/decisions.md "Notifications"):
// what is known of it from the integrations service's record, what a message says then, and how
// it reads in each language and channel.

const NOW = Date.UTC(2031, 2, 3, 9, 0);
const URL_MEET = 'https://meet.google.com/abc-defg-hij';
const sync = (over: Partial<CalendarSyncView>): CalendarSyncView => ({
  status: 'synced',
  provider: 'google',
  externalEventId: 'bkabc',
  meetingUrl: null,
  ...over,
});

describe('joinUrlOf: the link a customer may be given', () => {
  it('is the record’s https link while the meeting exists', () => {
    expect(joinUrlOf(sync({ meetingUrl: URL_MEET }))).toBe(URL_MEET);
    // A pending or failed write keeps the link of the meeting it moves: it still exists.
    expect(joinUrlOf(sync({ status: 'pending', meetingUrl: URL_MEET }))).toBe(URL_MEET);
    expect(joinUrlOf(sync({ status: 'failed', meetingUrl: URL_MEET }))).toBe(URL_MEET);
  });

  it('is none once the event was removed, without a record, or for anything but an https URL', () => {
    expect(joinUrlOf(sync({ status: 'removed', meetingUrl: URL_MEET }))).toBeNull();
    expect(joinUrlOf(null)).toBeNull();
    expect(joinUrlOf(undefined)).toBeNull();
    for (const bad of [
      'http://meet.example.test/x',
      'javascript:alert(1)',
      'https://meet.example.test/a b',
      'not a url',
      `https://meet.example.test/${'a'.repeat(2_100)}`,
    ]) {
      expect(joinUrlOf(sync({ meetingUrl: bad })), bad).toBeNull();
    }
  });
});

describe('meetingState', () => {
  it('a link once the record has one', () => {
    expect(meetingState(sync({ meetingUrl: URL_MEET }), false)).toEqual({ kind: 'link', url: URL_MEET });
  });

  it('none once settled: written without a meeting, removed, or no connection for the staff member', () => {
    expect(meetingState(sync({}), true)).toEqual({ kind: 'none' });
    expect(meetingState(sync({ status: 'removed', meetingUrl: URL_MEET }), true)).toEqual({ kind: 'none' });
    expect(meetingState(null, false)).toEqual({ kind: 'none' });
  });

  it('waiting while a write may still make one, or nothing is known', () => {
    expect(meetingState(sync({ status: 'pending' }), true)).toEqual({ kind: 'waiting' });
    expect(meetingState(sync({ status: 'failed' }), true)).toEqual({ kind: 'waiting' });
    // No record yet, but a connection: the write-back may not have taken the event up yet.
    expect(meetingState(null, true)).toEqual({ kind: 'waiting' });
    // The integrations service did not answer.
    expect(meetingState(undefined, false)).toEqual({ kind: 'waiting' });
  });
});

describe('what a message says of the meeting', () => {
  it('a held message waits within its bound, then says the link follows', () => {
    const until = NOW + 120_000;
    expect(heldLine({ kind: 'waiting' }, NOW, until)).toBe('wait');
    expect(heldLine({ kind: 'waiting' }, until, until)).toEqual({ kind: 'follows' });
    expect(heldLine({ kind: 'link', url: URL_MEET }, NOW, until)).toEqual({ kind: 'link', url: URL_MEET });
    expect(heldLine({ kind: 'none' }, NOW, until)).toBeNull();
  });

  it('a message composed at once promises the link only while it is being looked for', () => {
    expect(lineNow({ kind: 'waiting' }, true)).toEqual({ kind: 'follows' });
    expect(lineNow({ kind: 'waiting' }, false)).toBeNull();
    expect(lineNow({ kind: 'none' }, true)).toBeNull();
    expect(lineNow({ kind: 'link', url: URL_MEET }, false)).toEqual({ kind: 'link', url: URL_MEET });
  });

  it('looks during a hold after a quarter second, doubling to 2 s (a quarter of a short hold), then with backoff until the start', () => {
    expect([0, 1, 2, 3, 4, 50].map((n) => holdCheckMs(120_000, n))).toEqual([250, 500, 1_000, 2_000, 2_000, 2_000]);
    expect([0, 1, 2, 3].map((n) => holdCheckMs(2_000, n))).toEqual([250, 500, 500, 500]);
    expect(holdCheckMs(10, 0)).toBe(100);
    const start = NOW + 3 * 86_400_000;
    expect(nextFollowCheckAtMs(0, NOW, 120_000, start)).toBe(NOW + 30_000);
    expect(nextFollowCheckAtMs(1, NOW, 120_000, start)).toBe(NOW + 60_000);
    expect(nextFollowCheckAtMs(10, NOW, 120_000, start)).toBe(NOW + FOLLOW_CHECK_CAP_MS);
    expect(nextFollowCheckAtMs(1_000, NOW, 120_000, start)).toBe(NOW + FOLLOW_CHECK_CAP_MS);
    // Never after the start; none once it has come.
    expect(nextFollowCheckAtMs(10, NOW, 120_000, NOW + 5_000)).toBe(NOW + 5_000);
    expect(nextFollowCheckAtMs(0, NOW + 5_000, 120_000, NOW + 5_000)).toBeNull();
  });
});

describe('rendering the meeting', () => {
  const facts = (over: Partial<MessageFacts> = {}): MessageFacts => ({
    template: 'customer.confirmed',
    reader: { locale: 'en-US', language: 'en', timeZone: 'America/New_York' },
    bookingId: 'bkg_1',
    business: 'Acme <Dental>',
    service: 'Consultation',
    customerName: 'Ann',
    customerContact: 'ann@example.test',
    staffName: 'Sam',
    startsAtMs: Date.UTC(2031, 2, 3, 14, 0),
    previousStartsAtMs: null,
    holdExpiresAtMs: null,
    nowMs: NOW,
    cancelledBy: 'business',
    cancelReason: '',
    reminderOffsetMin: null,
    changes: { cancelUntilMs: null, rescheduleUntilMs: null, closedByCutoff: false },
    ...over,
  });
  const branding = { displayName: 'Acme', logoUrl: '', primaryColor: '', accentColor: '' };
  const links = { manage: 'https://book.test/booking/manage/svc_m1.a.b' };
  const link = { kind: 'link', url: URL_MEET } as const;

  it('names the link in the text, as a link in the HTML and in the SMS before the manage link', () => {
    const out = renderMessage(facts({ meeting: link }), branding, links);
    expect(out.text).toContain(`Join the video meeting: ${URL_MEET}\n`);
    expect(out.text.indexOf(URL_MEET)).toBeLessThan(out.text.indexOf(links.manage));
    expect(out.html).toContain(`href="${URL_MEET}"`);
    expect(out.sms).toMatch(new RegExp(`is confirmed\\. Join the video meeting: ${URL_MEET} ${links.manage}$`));
    expect(out.text).not.toContain('not ready yet');
  });

  it('says the link follows, and whom to ask, without naming any link', () => {
    const out = renderMessage(facts({ meeting: { kind: 'follows' } }), branding, links);
    expect(out.text).toContain(
      'The link to join the video meeting is not ready yet. We will send it to you as soon as it is; if it has not arrived shortly before the start, please contact Acme <Dental>.',
    );
    expect(out.html).toContain('The link to join the video meeting is not ready yet.');
    expect(out.sms).toContain('The video meeting link will follow.');
    expect(out.text).not.toContain('meet.google.com');
  });

  it('says nothing of a meeting without one, and only in the messages about a booking that takes place', () => {
    const plain = renderMessage(facts(), branding, links);
    expect(plain.text).not.toMatch(/video/i);
    for (const template of ['customer.cancelled', 'customer.request_received', 'business.request_pending'] as const) {
      const out = renderMessage(facts({ template, meeting: link }), branding, links);
      expect(out.text, template).not.toContain(URL_MEET);
      expect(out.html, template).not.toContain(URL_MEET);
    }
    for (const template of ['customer.rescheduled', 'customer.reminder', 'customer.meeting_link'] as const) {
      const out = renderMessage(
        facts({ template, meeting: link, previousStartsAtMs: NOW, reminderOffsetMin: 60 }),
        branding,
        links,
      );
      expect(out.text, template).toContain(`Join the video meeting: ${URL_MEET}`);
    }
  });

  it('the link’s own message and the notes in German', () => {
    const own = renderMessage(facts({ template: 'customer.meeting_link', meeting: link }), branding, links);
    expect(own.subject).toMatch(/^Video meeting link: Consultation on /);
    expect(own.text).toContain('the link to join your video meeting with Acme <Dental> is ready');
    const de = { locale: 'de-DE', language: 'de', timeZone: 'Europe/Berlin' } as const;
    expect(renderMessage(facts({ reader: de, meeting: link }), branding, links).text).toContain(
      `Zum Videotermin: ${URL_MEET}`,
    );
    expect(renderMessage(facts({ reader: de, meeting: { kind: 'follows' } }), branding, links).text).toContain(
      'Der Link zum Videotermin ist noch nicht bereit.',
    );
    expect(
      renderMessage(facts({ reader: de, template: 'customer.meeting_link', meeting: link }), branding, links).subject,
    ).toMatch(/^Link zum Videotermin: Consultation am /);
  });
});
