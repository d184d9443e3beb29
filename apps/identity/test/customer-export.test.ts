import { describe, expect, it } from 'vitest';
import { DomainError, validationError } from '@svc/errors';
import { bookingV1, customerV1, webhooksV1 } from '@svc/proto';
import { connectService, customerRecordView, SERVICE_DEFINITIONS, startGrpcHost } from '@svc/grpc';
import { createLogger } from '@svc/telemetry';
import { customerExportService } from '../src/customer-export/customer-export-rpc.js';
import { customerDocument } from '../src/customer-export/customer-document.js';
import type { ExportSources } from '../src/tenant-export/sources.js';

/** A message of the generated type with every field at its default, then `fields`. */
const booking = (bookingId: string): bookingV1.Booking => ({
  ...bookingV1.Booking.decode(new Uint8Array()),
  bookingId,
  tenantId: 'ten_a',
  customerId: 'cus_a',
  status: 'completed',
});
const delivery = (bookingId: string, n: number): webhooksV1.Delivery => ({
  ...webhooksV1.Delivery.decode(new Uint8Array()),
  deliveryId: `whd_${bookingId}_${n}`,
  bookingId,
  tenantId: 'ten_a',
  eventType: 'booking.created',
  status: 'succeeded',
  body: `{"booking":"${bookingId}"}`,
});

/** Downstream services answering `count` bookings of two deliveries each; the dispatcher refuses more than `maxIds` ids. */
function services(count: number, maxIds: number) {
  const calls: number[] = [];
  const ids = Array.from({ length: count }, (_, i) => `bkg_${String(i).padStart(4, '0')}`);
  const downstream = {
    booking: {
      exportCustomerBookings: async (req: bookingV1.ExportCustomerBookingsRequest) => {
        const from = req.page?.cursor ? Number(req.page.cursor) : 0;
        const page = ids.slice(from, from + (req.page?.limit ?? 100));
        const next = from + page.length < ids.length ? String(from + page.length) : '';
        return { items: page.map((id) => ({ booking: booking(id), events: [] })), page: { nextCursor: next } };
      },
    },
    webhooks: {
      exportBookingDeliveries: async (req: webhooksV1.ExportBookingDeliveriesRequest) => {
        calls.push(req.bookingIds.length);
        if (req.bookingIds.length > maxIds) throw validationError([{ path: 'bookingIds', message: 'name fewer' }]);
        return { items: req.bookingIds.flatMap((id) => [delivery(id, 1), delivery(id, 2)]) };
      },
    },
    notifications: null,
    integrations: null,
  } as unknown as ExportSources;
  return { downstream, calls, ids };
}

const customer = customerRecordView({
  ...customerV1.Customer.decode(new Uint8Array()),
  customerId: 'cus_a',
  tenantId: 'ten_a',
  name: 'Ann',
});

async function documentOf(downstream: ExportSources) {
  let text = '';
  for await (const chunk of customerDocument(downstream, 'ten_a', customer, 1)) text += chunk;
  return JSON.parse(text);
}

describe('the customer export document', () => {
  it('holds every booking and delivery in order, written in pages', async () => {
    const { downstream, ids } = services(450, 100);
    const doc = await documentOf(downstream);
    expect(doc.customer.customerId).toBe('cus_a');
    expect(doc.bookings.map((b: { bookingId: string }) => b.bookingId)).toEqual(ids);
    expect(doc.webhookDeliveries).toHaveLength(900);
    expect(doc).toMatchObject({ notifications: [], calendarEvents: [] });
  });

  it('asks for halves when the dispatcher finds an answer too large, down to one booking', async () => {
    const { downstream, calls } = services(45, 3);
    const doc = await documentOf(downstream);
    expect(doc.webhookDeliveries).toHaveLength(90);
    expect(new Set(doc.webhookDeliveries.map((d: { deliveryId: string }) => d.deliveryId)).size).toBe(90);
    expect(calls).toContain(20);
    expect(Math.max(...calls.filter((n) => n <= 3))).toBeLessThanOrEqual(3);
  });

  it('ends the stream with the error when one booking alone is too large', async () => {
    const { downstream } = services(3, 0);
    await expect(documentOf(downstream)).rejects.toBeInstanceOf(DomainError);
  });
});

/** The service over real gRPC, and a client of it. */
async function serve(sources: ExportSources) {
  const host = await startGrpcHost({
    name: 'identity-test',
    settings: { GRPC_HOST: '127.0.0.1', GRPC_PORT: 0, SHUTDOWN_GRACE_MS: 1_000 },
    logger: createLogger('identity-test', 'silent'),
    services: [customerExportService(sources, () => 7)],
    resources: {},
  });
  const client = connectService(SERVICE_DEFINITIONS.customerExports, host.address);
  return { client, stop: () => (client.close(), host.stop()) };
}

const withCustomer = (downstream: ExportSources) =>
  ({
    ...downstream,
    customer: {
      getCustomer: async (req: customerV1.GetCustomerRequest) => {
        if (req.customerId !== 'cus_a') throw new DomainError('NOT_FOUND', 'No such customer.');
        return { customer: { ...customerV1.Customer.decode(new Uint8Array()), customerId: 'cus_a', tenantId: 'ten_a' } };
      },
    },
  }) as unknown as ExportSources;

describe('CustomerExportService over gRPC', () => {
  it('streams the document in pieces and answers NOT_FOUND before any piece', async () => {
    const { client, stop } = await serve(withCustomer(services(450, 100).downstream));
    try {
      let text = '';
      let pieces = 0;
      for await (const piece of client.exportCustomer({ tenantId: 'ten_a', customerId: 'cus_a' })) {
        text += piece.text;
        pieces++;
      }
      const doc = JSON.parse(text);
      expect(doc).toMatchObject({ exportedAtMs: 7, tenantId: 'ten_a', customer: { customerId: 'cus_a' } });
      expect(doc.bookings).toHaveLength(450);
      expect(pieces).toBeGreaterThan(2);

      const missing = client.exportCustomer({ tenantId: 'ten_a', customerId: 'cus_b' })[Symbol.asyncIterator]();
      await expect(missing.next()).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such customer.' });
    } finally {
      await stop();
    }
  });

  it('ends the stream with the error of a read that fails part-way', async () => {
    // One booking alone too large for the dispatcher.
    const { client, stop } = await serve(withCustomer(services(3, 0).downstream));
    try {
      const read = async () => {
        for await (const piece of client.exportCustomer({ tenantId: 'ten_a', customerId: 'cus_a' })) void piece;
      };
      await expect(read()).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    } finally {
      await stop();
    }
  });
});
