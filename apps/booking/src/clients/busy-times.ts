import type { IntegrationClient } from '@svc/grpc';
import type { BusyTimeSource } from '../application/ports.js';

/** The integrations service's busy times over gRPC. */
export function integrationBusyTimes(client: IntegrationClient): BusyTimeSource {
  return {
    async busy(tenantId, staffIds, fromMs, toMs, { fresh }) {
      if (staffIds.length === 0) return [];
      const res = await client.getBusyTimes({ tenantId, staffIds: [...staffIds], fromMs, toMs, fresh });
      return res.intervals;
    },
  };
}

/** No integrations service configured: no staff member has a connected calendar. */
export const noBusyTimes: BusyTimeSource = { busy: async () => [] };
