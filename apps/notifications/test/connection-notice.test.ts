// The business hears when a calendar needs connecting again (docs/decisions.md "Notifications"):
// the notifications service over real gRPC with the real catalog (in-memory SQLite, one in-process
// bus the test owns, as in the embedded platform), sending to a real SMTP server (Mailpit). A
// `connection.needs_reauth` on the integration topic becomes one email per business address,
// however often the event comes (again on its own, twice in one batch); a German tenant reads it
// in German; what the topic carries that is not such an event is passed over.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogService } from '@svc/catalog';
import { INTEGRATION_EVENTS_TOPIC, InProcessEventBus, type EventBus } from '@svc/events';
import { connectService, type CatalogClient, type NotificationClient, type RunningGrpcHost } from '@svc/grpc';
import { bookingV1, catalogV1, customerV1, notificationsV1 } from '@svc/proto';
import { openSqliteStore } from '@svc/store';
import { createLogger } from '@svc/telemetry';
import {
  createTestTenant,
  eventually,
  mailpitMissing,
  serverGate,
  startMailpit,
  type MailpitServer,
  type ReceivedMail,
} from '@svc/testing';
import { startNotifications } from '../src/index.js';
import { SmtpTransport } from '../src/transport/smtp-transport.js';

const HOST = { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 2_000 };
const KEYS = { current: { kid: 'k1', secret: 'notifications-test-manage-secret-0123456789' } };
/** 4 March 2031, 09:05 UTC: when the provider refused the grant. */
const REFUSED_AT = Date.UTC(2031, 2, 4, 9, 5);

/** Borrowed by the service: closed by the test. */
const borrowed = (bus: EventBus): EventBus => ({
  publish: (topic, messages) => bus.publish(topic, messages),
  subscribe: (o, h) => bus.subscribe(o, h),
  ...(bus.subscribeBatch ? { subscribeBatch: bus.subscribeBatch.bind(bus) } : {}),
  ping: () => bus.ping(),
  close: async () => {},
});

/** A `connection.needs_reauth` as the integrations service publishes it (events/reauth-notices.ts). */
function needsReauth(tenantId: string, staffId: string, provider: string, connectionId: string) {
  return {
    key: connectionId,
    value: JSON.stringify({
      id: `evt_reauth_${connectionId}_${REFUSED_AT}`,
      type: 'connection.needs_reauth',
      payloadVersion: 1,
      occurredAtMs: REFUSED_AT,
      data: { connection: { connectionId, tenantId, staffId, provider, needsReauthAtMs: REFUSED_AT } },
    }),
    headers: {},
  };
}

describe.runIf(serverGate('Mailpit', mailpitMissing()))(
  'the business hears of a calendar that needs connecting again',
  () => {
    let bus: InProcessEventBus;
    let mailpit: MailpitServer;
    let catalog: CatalogClient;
    let notifications: NotificationClient;
    const hosts: RunningGrpcHost[] = [];

    beforeAll(async () => {
      bus = new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} });
      mailpit = await startMailpit({ allowedRecipients: '\\.test$' });
      const logger = (name: string) =>
        createLogger(name, (process.env.TEST_LOG_LEVEL as 'info' | undefined) ?? 'silent');
      const catalogHost = await startCatalogService(HOST, {
        logger: logger('catalog'),
        store: await openSqliteStore({ file: ':memory:' }),
      });
      const notificationsHost = await startNotifications(HOST, {
        logger: logger('notifications'),
        store: await openSqliteStore({ file: ':memory:' }),
        bus: borrowed(bus),
        clients: {
          catalog: connectService(catalogV1.CatalogServiceService, catalogHost.address),
          // No booking event here: nothing asks these.
          booking: connectService(bookingV1.BookingServiceService, '127.0.0.1:1'),
          customer: connectService(customerV1.CustomerServiceService, '127.0.0.1:1'),
        },
        mail: new SmtpTransport(mailpit.smtpUrl, { poolSize: 2, timeoutMs: 5_000 }),
        sms: null,
        compose: {
          baseUrl: 'https://book.example.test',
          dashboardUrl: 'https://app.example.test/dashboard',
          mailDomain: 'mail.example.test',
          manageKeys: KEYS,
        },
        worker: {
          firstRetryMs: 100,
          pollMs: 100,
          concurrency: 4,
          sendTimeoutMs: 5_000,
          mailFrom: 'bookings@mail.example.test',
        },
      });
      hosts.push(notificationsHost, catalogHost);
      catalog = connectService(catalogV1.CatalogServiceService, catalogHost.address);
      notifications = connectService(notificationsV1.NotificationServiceService, notificationsHost.address);
    });

    afterAll(async () => {
      catalog?.close();
      notifications?.close();
      for (const host of hosts) await host.stop();
      await bus?.close();
      await mailpit?.close();
    });

    /** A tenant with a staff member and its business addresses. */
    async function tenant(
      fields: { name: string; timezone: string; locale: string },
      staffName: string,
      emails: string[],
    ) {
      const { tenantId } = await createTestTenant(catalog, fields);
      const { staff } = await catalog.createStaff({ tenantId, fields: { displayName: staffName, email: '' } });
      await notifications.updateNotificationSettings({
        tenantId,
        reminderOffsetsMin: [],
        reminderOffsetsSet: false,
        businessEmails: emails,
        businessEmailsSet: true,
        teamEmails: [],
        businessEmailsFollowTeam: false,
      });
      return { tenantId, staffId: staff!.staffId };
    }

    const mailTo = async (address: string): Promise<ReceivedMail[]> =>
      (await mailpit.parsed()).filter((m) => m.to === address);

    it('one email per business address, however often the event comes', async () => {
      const acme = await tenant({ name: 'Acme Dental', timezone: 'America/New_York', locale: 'en-US' }, 'Sam Lee', [
        'desk@acme.test',
        'owner@acme.test',
      ]);
      const event = needsReauth(acme.tenantId, acme.staffId, 'google', 'icn_acme1');
      // Delivered, delivered again on its own, then twice in one batch; a message of another type
      // and one that is no event at all pass by.
      await bus.publish(INTEGRATION_EVENTS_TOPIC, [event]);
      await bus.publish(INTEGRATION_EVENTS_TOPIC, [event]);
      await bus.publish(INTEGRATION_EVENTS_TOPIC, [
        event,
        {
          key: 'x',
          value: JSON.stringify({ id: 'evt_x', type: 'connection.renamed', payloadVersion: 1 }),
          headers: {},
        },
        { key: 'y', value: '{not json', headers: {} },
        event,
      ]);
      // A later event of the topic: once its email is there, every earlier message was handled.
      const weber = await tenant({ name: 'Praxis Weber', timezone: 'Europe/Berlin', locale: 'de-DE' }, 'Anna Weber', [
        'empfang@weber.test',
      ]);
      await bus.publish(INTEGRATION_EVENTS_TOPIC, [
        needsReauth(weber.tenantId, weber.staffId, 'microsoft', 'icn_weber1'),
      ]);
      const [german] = await eventually('the later event’s email', async () => {
        const mails = await mailTo('empfang@weber.test');
        return mails.length > 0 ? mails : undefined;
      });

      const log = await eventually('every record of the first event sent', async () => {
        const { items } = await notifications.listNotifications({
          tenantId: acme.tenantId,
          bookingId: '',
          customerId: '',
          status: '',
        });
        return items.length > 0 && items.every((n) => n.status === 'sent') ? items : undefined;
      });
      expect(log.map((n) => [n.recipient, n.template, n.recipientKind, n.bookingId, n.customerId]).sort()).toEqual([
        ['desk@acme.test', 'business.calendar_needs_reauth', 'business', '', ''],
        ['owner@acme.test', 'business.calendar_needs_reauth', 'business', '', ''],
      ]);
      for (const address of ['desk@acme.test', 'owner@acme.test']) {
        const mails = await mailTo(address);
        expect(mails).toHaveLength(1);
        const [mail] = mails;
        expect(mail!.subject).toBe('Connect again: Google Calendar of Sam Lee');
        const text = mail!.mail.text ?? '';
        expect(text).toContain('Google Calendar no longer accepts the platform’s access to the account of Sam Lee');
        // When it happened, in the tenant's zone and locale.
        expect(text).toContain('When: Tuesday, March 4, 2031 at 4:05 AM Eastern Standard Time (America/New_York)');
        expect(text).toContain('Staff member: Sam Lee\nCalendar: Google Calendar');
        expect(text).toContain('Open the calendar connections: https://app.example.test/dashboard#/settings');
        // About no booking.
        expect(text).not.toMatch(/Booking: /);
        expect(mail!.mail.html).toContain('href="https://app.example.test/dashboard#/settings"');
      }

      expect(german!.subject).toBe('Neu verbinden: Microsoft 365 von Anna Weber');
      expect(german!.mail.text).toContain(
        'Microsoft 365 akzeptiert den Zugriff der Plattform auf das Konto von Anna Weber nicht mehr',
      );
      expect(german!.mail.text).toContain('Kalenderverbindungen öffnen: https://app.example.test/dashboard#/settings');
    });

    it('a staff member removed since: the email still goes, naming nobody in particular', async () => {
      const gone = await tenant({ name: 'Gone Staff Clinic', timezone: 'UTC', locale: 'en' }, 'Removed Person', [
        'desk@gone.test',
      ]);
      await bus.publish(INTEGRATION_EVENTS_TOPIC, [
        needsReauth(gone.tenantId, 'stf_doesnotexist', 'caldav', 'icn_gone1'),
      ]);
      const [mail] = await eventually('the email', async () => {
        const mails = await mailTo('desk@gone.test');
        return mails.length > 0 ? mails : undefined;
      });
      expect(mail!.subject).toBe('Connect again: CalDAV of a staff member');
    });
  },
);
