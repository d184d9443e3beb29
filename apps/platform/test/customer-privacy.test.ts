// A customer's export and erase through the platform as `npm start` runs it (its own process,
// real HTTP, a real Radicale calendar, a real webhook receiver, email as .eml files), docs/
// decisions.md "Privacy": the export holds everything about them; the erase cancels their open
// bookings first (the normal events and messages go out), then no byte of their name, email,
// phone, answers or notes is left in any store file of the platform or in the staff member's
// calendar, while their bookings still count for the business.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPlatformRuntime } from '@svc/config';
import {
  json,
  radicaleMissing,
  serverGate,
  startRadicale,
  startWebhookReceiver,
  type RadicaleServer,
  type WebhookReceiver,
} from '@svc/testing';
import { berlinTime, seedTenant, subscribeReceiver } from './booking-fixture.js';
import { dashboard, errorOf, platformProcess, slotSequence } from './dashboard-fixture.js';
import { caldav, MKCALENDAR_WORK } from './caldav-fixture.js';

const run = serverGate('Radicale', radicaleMissing());

const PASSWORD = 'privacy-app-password-4Kd2';
/** What the platform holds about the customer: none of it may be left after the erase. */
const PERSON = {
  name: 'Zebulon Quagmirevitch',
  email: 'zebulon.q7731@example.test',
  phone: '+4915112347731',
  answer: 'hazelnut-marzipan-allergy-7731',
  notes: 'back-door-code-55731',
};
const traces = Object.values(PERSON);

/**
 * Every file under `dir` (the platform's DATA_DIR: the stores, the event journal and the .eml
 * files that stand in for SMTP) that holds one of `needles`, byte for byte, as `file: needle`.
 */
function filesHolding(dir: string, needles: readonly string[]): string[] {
  const hits: string[] = [];
  const walk = (at: string) => {
    for (const name of readdirSync(at)) {
      const path = join(at, name);
      let bytes: string;
      try {
        if (statSync(path).isDirectory()) {
          walk(path);
          continue;
        }
        bytes = readFileSync(path).toString('latin1');
      } catch {
        continue; // removed while the walk read the folder (an .eml of an erased message)
      }
      for (const n of needles) if (bytes.includes(n)) hits.push(`${relative(dir, path)}: ${n}`);
    }
  };
  walk(dir);
  return hits;
}

/** Retries `check` until it passes (its assertions hold) or `timeoutMs` ran out. */
const settled = <T>(check: () => Promise<T>, timeoutMs: number): Promise<T> =>
  vi.waitFor(check, { timeout: timeoutMs, interval: 100 });

describe.runIf(run)('a customer exported and erased everywhere (embedded platform process)', () => {
  let radicale: RadicaleServer;
  let hooks: WebhookReceiver;
  let platform: Awaited<ReturnType<typeof platformProcess>>;
  let api: ReturnType<typeof dashboard>;
  let calendarUrl: string;
  let customerId: string;
  let manageToken: string;
  const ids: Record<'held' | 'confirmed' | 'completed' | 'noShow' | 'cancelled' | 'expired', string> = {
    held: '',
    confirmed: '',
    completed: '',
    noShow: '',
    cancelled: '',
    expired: '',
  };
  const nextSlot = slotSequence(berlinTime);

  beforeAll(async () => {
    [radicale, hooks] = await Promise.all([startRadicale({ weber: PASSWORD }), startWebhookReceiver()]);
    calendarUrl = `${radicale.url}weber/work/`;
    expect((await caldav('weber', PASSWORD)('MKCALENDAR', calendarUrl, MKCALENDAR_WORK)).status).toBe(201);
    platform = await platformProcess('customer-privacy', {
      SYNC_FIRST_RETRY_MS: '300',
      HOLD_SWEEP_MS: '500',
      NOTIFY_POLL_MS: '200',
    });
    const runtime = readPlatformRuntime(platform.dataDir)!;
    const { tenantId, staffId } = await seedTenant(runtime.services.catalog!, 'privacy');
    api = dashboard(platform.base, await platform.stores.session(tenantId, 'tenant_owner'));
    await subscribeReceiver(runtime.services['webhook-dispatcher']!, tenantId, hooks, 'privacy');
    const connected = await api('POST', '/api/integrations/caldav', {
      staffId,
      serverUrl: radicale.url,
      username: 'weber',
      password: PASSWORD,
    });
    expect(connected.status, JSON.stringify(await json(connected.clone()))).toBe(201);
    const service = await api('POST', '/api/services', {
      slug: 'intake',
      name: 'First visit',
      durationMin: 30,
      staffIds: [staffId],
      questions: [{ key: 'reason', label: 'What brings you in?', type: 'text', required: true }],
    });
    expect(service.status).toBe(201);

    // Six bookings of one customer (the same email), one in each status.
    const book = async () => {
      const res = await fetch(`${platform.base}/book/privacy/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `privacy-${Math.random()}` },
        body: JSON.stringify({
          serviceSlug: 'intake',
          startsAtMs: nextSlot(),
          customer: { name: PERSON.name, primaryEmail: PERSON.email, phone: PERSON.phone },
          answers: { reason: PERSON.answer },
          notes: PERSON.notes,
        }),
      });
      const body = await json(res);
      expect(res.status, JSON.stringify(body)).toBe(201);
      manageToken = body.data.manageToken;
      const bookingId = body.data.booking.bookingId as string;
      customerId = (await json(await api('GET', `/api/bookings/${bookingId}`))).data.customerId;
      return bookingId;
    };
    for (const k of Object.keys(ids) as Array<keyof typeof ids>) ids[k] = await book();
    const act = async (id: string, action: string) => {
      const res = await api('POST', `/api/bookings/${id}/${action}`, {});
      expect(res.status, `${action} ${JSON.stringify(await json(res.clone()))}`).toBe(200);
    };
    for (const id of [ids.confirmed, ids.completed, ids.noShow]) await act(id, 'confirm');
    await act(ids.completed, 'complete');
    await act(ids.noShow, 'no-show');
    await act(ids.cancelled, 'cancel');
    await platform.stores.endHold(ids.expired);
    await settled(async () => {
      const res = await json(await api('GET', `/api/bookings/${ids.expired}`));
      expect(res.data.status).toBe('cancelled');
    }, 20_000);
    // What the erase must later remove is there now: deliveries, messages, the calendar event.
    await settled(async () => {
      expect(hooks.received('privacy').length).toBeGreaterThanOrEqual(12);
      expect(JSON.stringify(hooks.received('privacy').map((r) => r.event))).toContain(PERSON.name);
      const calendar = await caldav('weber', PASSWORD)('GET', calendarUrl);
      expect(await calendar.text()).toContain('BEGIN:VEVENT');
    }, 30_000);
  }, 180_000);

  afterAll(async () => {
    await platform?.stop();
    await Promise.all([radicale?.stop(), hooks?.close()]);
  });

  const exportOf = async (path: string) => {
    const res = await fetch(`${platform.base}${path}`, {
      headers: path.startsWith('/api') ? await apiHeaders() : {},
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="customer-${customerId}.json"`);
    return JSON.parse(await res.text());
  };
  let apiHeaders: () => Promise<Record<string, string>>;

  it('exports everything held about the customer, to the business and to the customer', async () => {
    const session = await platform.stores.session(
      (await json(await api('GET', '/api/tenant'))).data.tenantId,
      'tenant_admin',
    );
    apiHeaders = async () => ({ cookie: session.cookie });
    const doc = await settled(async () => {
      const d = await exportOf(`/api/customers/${customerId}/export`);
      expect(d.notifications.length).toBeGreaterThan(0);
      expect(d.calendarEvents.length).toBeGreaterThan(0);
      return d;
    }, 20_000);
    expect(doc.customer).toMatchObject({ customerId, name: PERSON.name, primaryEmail: PERSON.email, status: 'active' });
    expect(doc.bookings.map((b: { bookingId: string }) => b.bookingId).sort()).toEqual(Object.values(ids).sort());
    for (const b of doc.bookings) {
      expect(b.answers).toEqual([expect.objectContaining({ key: 'reason', value: PERSON.answer })]);
      expect(b.notes).toBe(PERSON.notes);
      expect(b.history[0].type).toBe('booking.created');
    }
    expect(doc.webhookDeliveries.length).toBeGreaterThanOrEqual(12);
    expect(doc.webhookDeliveries[0].body).toContain(PERSON.name);
    expect(doc.notifications.some((n: { bodyText: string }) => n.bodyText.includes(PERSON.name))).toBe(true);
    expect(doc.calendarEvents[0]).toMatchObject({ staffId: expect.any(String), calendarSync: expect.any(Object) });

    // Through a manage link: that booking alone, and nothing of the customer's record (the link
    // goes to whoever booked with that email); staff below admin may not export at all.
    const res = await fetch(`${platform.base}/booking/manage/${manageToken}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="booking-${ids.expired}.json"`);
    const own = JSON.parse(await res.text());
    expect(own.booking).toMatchObject({ bookingId: ids.expired, customerId, notes: PERSON.notes });
    expect(own.booking.history.map((h: { type: string }) => h.type)).toEqual(['booking.created', 'booking.expired']);
    expect(own.messages.length).toBeGreaterThan(0);
    for (const secret of [PERSON.name, PERSON.email, PERSON.phone]) expect(JSON.stringify(own)).not.toContain(secret);
    const staffApi = dashboard(platform.base, await platform.stores.session(doc.tenantId, 'tenant_staff'));
    expect((await errorOf(await staffApi('GET', `/api/customers/${customerId}/export`))).code).toBe('FORBIDDEN');
  }, 60_000);

  it('erases them everywhere, after cancelling their open bookings with the normal events', async () => {
    expect(filesHolding(platform.dataDir, traces).length).toBeGreaterThan(0);
    expect(
      await errorOf(await api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: ids.held })),
    ).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', details: [{ path: 'body.confirmCustomerId' }] });

    const res = await api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ customerId, status: 'erased', bookings: 6, cancelled: 2 });

    // Their open bookings were cancelled first, and the events of that went out with their data.
    for (const id of [ids.held, ids.confirmed]) {
      const b = (await json(await api('GET', `/api/bookings/${id}`))).data;
      expect(b).toMatchObject({ status: 'cancelled', cancelReason: 'customer_erased', answers: [], notes: '' });
    }
    await settled(async () => {
      const cancelled = hooks
        .received('privacy')
        .filter(
          (r) =>
            r.event.type === 'booking.cancelled' &&
            (r.event.data.booking as { bookingId: string }).bookingId === ids.held,
        );
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]!.rawBody).toContain(PERSON.name);
    }, 20_000);

    // Then nothing of them is left: not in any store file, not in the staff member's calendar.
    await settled(async () => {
      expect(filesHolding(platform.dataDir, traces)).toEqual([]);
      const calendar = await (await caldav('weber', PASSWORD)('GET', calendarUrl)).text();
      for (const t of traces) expect(calendar).not.toContain(t);
    }, 45_000);

    // The bookings still count for the business: the same six, their times and statuses kept.
    const list = (await json(await api('GET', `/api/bookings?customerId=${customerId}&limit=50`))).data.items;
    expect(list.map((b: { status: string }) => b.status).sort()).toEqual(
      ['cancelled', 'cancelled', 'cancelled', 'cancelled', 'completed', 'no_show'].sort(),
    );
    const customer = (await json(await api('GET', `/api/customers/${customerId}`))).data;
    expect(customer).toMatchObject({ customerId, name: '', primaryEmail: null, phone: null, status: 'erased' });

    // Again: the same answer; the export shows what is left.
    const again = await json(
      await api('POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId }),
    );
    expect(again.data).toEqual(body.data);
    const doc = await exportOf(`/api/customers/${customerId}/export`);
    expect(JSON.stringify(doc)).not.toMatch(new RegExp(traces.map((t) => t.replace(/[+.]/g, '\\$&')).join('|')));
    expect(doc.bookings).toHaveLength(6);
  }, 120_000);

  it("refuses another tenant's customer and a customer of no tenant as NOT_FOUND", async () => {
    const runtime = readPlatformRuntime(platform.dataDir)!;
    const other = await seedTenant(runtime.services.catalog!, 'privacy-other');
    const otherApi = dashboard(platform.base, await platform.stores.session(other.tenantId, 'tenant_owner'));
    for (const [method, path, body] of [
      ['POST', `/api/customers/${customerId}/erase`, { confirmCustomerId: customerId }],
      ['GET', `/api/customers/${customerId}/export`, undefined],
      ['POST', '/api/customers/cus_nobody/erase', { confirmCustomerId: 'cus_nobody' }],
    ] as const) {
      expect((await errorOf(await otherApi(method, path, body))).code).toBe('NOT_FOUND');
    }
  });
});
