import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarResource } from '../src/index.js';

// The booking's event in a staff member's CalDAV calendar (the integrations service's
// write-back), read back with ical.js: a video meeting's link is where the event takes place.

const START = Date.UTC(2031, 4, 6, 9, 0);
const event = {
  bookingId: 'bkg_01J0RES',
  title: 'Consultation: Ann',
  description: 'Booking bkg_01J0RES',
  startsAtMs: START,
  endsAtMs: START + 3_600_000,
  sequence: 2,
};
const veventOf = (text: string) => new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;

describe('calendarResource', () => {
  it('names a meeting link as LOCATION and URL', () => {
    const url = 'https://zoom.us/j/81000012345?pwd=abc';
    const vevent = veventOf(calendarResource({ ...event, meetingUrl: url }));
    expect(vevent.getFirstPropertyValue('location')).toBe(url);
    expect(vevent.getFirstPropertyValue('url')).toBe(url);
    expect(vevent.getFirstPropertyValue('uid')).toBe('bkg_01J0RES@booking-platform');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
  });

  it('without a link names no place', () => {
    for (const meetingUrl of [undefined, null]) {
      const vevent = veventOf(calendarResource({ ...event, meetingUrl }));
      expect(vevent.getFirstPropertyValue('location')).toBeNull();
      expect(vevent.getFirstPropertyValue('url')).toBeNull();
      expect(vevent.getFirstPropertyValue('summary')).toBe('Consultation: Ann');
    }
  });
});
