// `npm start` without an SMTP server (docs/decisions.md "Notifications"): the platform as its own
// process writes every message as an .eml file under DATA_DIR/mail/ and says so in one log line,
// so a newcomer opens the confirmation their first booking produced. The files are read with
// mailparser and the calendar attachment with ical.js, as a mail program would.

import { join } from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import { eventually, json } from '@svc/testing';
import { berlinTime, seedTenant } from './booking-fixture.js';
import { dashboard, platformProcess } from './dashboard-fixture.js';
import { emlMailbox, recipientOf } from './eml-fixture.js';

let platform: Awaited<ReturnType<typeof platformProcess>>;
/** The .eml files written so far, parsed. */
let mailbox: ReturnType<typeof emlMailbox>;

beforeAll(async () => {
  platform = await platformProcess('notifications-eml', { LOG_LEVEL: 'info' });
  mailbox = emlMailbox(platform.dataDir);
}, 120_000);
afterAll(async () => {
  await platform?.stop();
});

it('writes each message as an .eml file in DATA_DIR/mail/, and says where in one log line', async () => {
  const mailDir = join(platform.dataDir, 'mail');
  const lines = platform.proc
    .output()
    .split('\n')
    .filter((l) => l.includes('email goes to'));
  expect(lines).toHaveLength(1);
  expect(JSON.parse(lines[0]!).msg).toBe(`notifications: email goes to .eml files in ${mailDir}`);

  const catalog = readPlatformRuntime(platform.dataDir)!.services.catalog!;
  const { tenantId } = await seedTenant(catalog, 'eml');
  const owner = await platform.stores.session(tenantId, 'tenant_owner');
  const api = dashboard(platform.base, owner);
  // The owner (the team) is the business address until the tenant sets its own.
  expect((await json(await api('GET', '/api/notification-settings'))).data.businessEmails).toEqual([
    'tenant_owner-1@dashboard.test',
  ]);
  const res = await fetch(`${platform.base}/book/eml/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': 'eml-1' },
    body: JSON.stringify({
      serviceSlug: 'checkup',
      startsAtMs: berlinTime(3, 10),
      customer: { name: 'Ann Example', primaryEmail: 'ann@example.com', locale: 'en' },
    }),
  });
  expect(res.status).toBe(201);
  const { booking, manageUrl, manageToken } = (await json(res)).data;
  expect((await api('POST', `/api/bookings/${booking.bookingId}/confirm`)).status).toBe(200);

  const all = await eventually('the three messages', async () => {
    const got = await mailbox();
    return got.length === 3 ? got : undefined;
  });
  const subjects = all.map((m) => `${recipientOf(m.mail)} ${m.mail.subject}`).sort();
  expect(subjects).toEqual([
    expect.stringMatching(/^ann@example\.com Confirmed: Check-up on /),
    expect.stringMatching(/^ann@example\.com Request received: Check-up on /),
    expect.stringMatching(/^tenant_owner-1@dashboard\.test Wartet auf Ihre Bestätigung: Check-up am /),
  ]);
  const confirmation = all.find((m) => m.mail.subject?.startsWith('Confirmed'))!;
  // Named by its Message-ID, from the platform's sender in the tenant's name.
  expect(confirmation.file).toBe(
    join(mailDir, `${confirmation.mail.messageId!.slice(1, confirmation.mail.messageId!.indexOf('@'))}.eml`),
  );
  expect(confirmation.mail.from?.value).toEqual([{ address: 'bookings@localhost', name: 'Clinic eml' }]);
  expect(confirmation.mail.text).toContain(manageUrl);
  expect(confirmation.mail.html).toContain(`href="${manageUrl}"`);
  const ics = confirmation.mail.attachments.find((a) => a.contentType.startsWith('text/calendar'))!;
  expect(ics.content.toString('utf8')).toBe(
    await (await fetch(`${platform.base}/booking/manage/${manageToken}/ics`)).text(),
  );
  const event = new ICAL.Component(ICAL.parse(ics.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
  expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
  // Nothing of a message in the notifications' logs: no address, no link, no token.
  const logged = platform.proc
    .output()
    .split('\n')
    .filter((l) => l.includes('"service":"notifications"'))
    .join('\n');
  expect(logged).toContain('notification attempt');
  for (const secret of ['ann@example.com', 'tenant_owner-1@dashboard.test', manageToken, 'svc_m1.', 'Check-up']) {
    expect(logged).not.toContain(secret);
  }
});
