// A CalDAV client as the tests use one against Radicale: requests with Basic auth, a calendar
// to make, and an event of the staff member's own (iCalendar text).

/** A CalDAV request as any calendar client makes it (Basic auth). */
export function caldav(user: string, password: string) {
  const authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  return (method: string, url: string, body?: string, headers: Record<string, string> = {}) =>
    fetch(url, { method, headers: { authorization, ...headers }, ...(body !== undefined ? { body } : {}) });
}

export const MKCALENDAR_WORK =
  '<?xml version="1.0" encoding="utf-8"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">' +
  '<D:set><D:prop><D:displayname>Work</D:displayname></D:prop></D:set></C:mkcalendar>';

export const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function eventIcs(uid: string, startMs: number, endMs: number): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//dentist//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utc(Date.now())}`,
    `DTSTART:${utc(startMs)}`,
    `DTEND:${utc(endMs)}`,
    'SUMMARY:Dentist',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
