/** identity.v1.CustomerExportService: request checks around the customer and booking exports (docs/decisions.md "Customer export"). */
import { requireTenantId, throwIfViolations } from '@svc/errors';
import { bindService, customerRecordView, type ServiceBinding } from '@svc/grpc';
import { customerExportV1 } from '@svc/proto';
import { present, type ExportSources } from '../tenant-export/sources.js';
import { bookingDocument } from './booking-document.js';
import { customerDocument } from './customer-document.js';

/** A customer id: anything longer is refused. */
const MAX_ID = 320;

export function customerExportService(sources: ExportSources, now: () => number): ServiceBinding {
  return bindService(customerExportV1.CustomerExportServiceService, {
    exportCustomer: {
      async *messages(req) {
        const tenantId = requireTenantId(req.tenantId);
        const { customerId } = req;
        if (customerId === '' || customerId.length > MAX_ID)
          throwIfViolations([{ path: 'customerId', message: `must be 1 to ${MAX_ID} characters` }]);
        // NOT_FOUND before the first piece, while the caller can still answer it as an error.
        const customer = customerRecordView(
          present((await sources.customer.getCustomer({ tenantId, customerId })).customer, 'customer'),
        );
        for await (const text of customerDocument(sources, tenantId, customer, now())) yield { text };
      },
    },

    exportBooking: async (req) => {
      const booking = present(req.booking, 'booking');
      requireTenantId(booking.tenantId);
      return { json: JSON.stringify(await bookingDocument(sources, booking, now())) };
    },
  });
}
