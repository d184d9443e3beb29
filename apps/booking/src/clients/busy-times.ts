import type { IntegrationClient } from '@svc/grpc';
import { clampToEpochRange } from '@svc/rules';
import type { BusyTimeSource } from '../application/ports.js';

/** The integrations service's busy times over gRPC. */
export function integrationBusyTimes(client: IntegrationClient): BusyTimeSource {
  return {
    async busy(tenantId, staffIds, fromMs, toMs, { fresh }) {
      // A slot near the end of year 9999 plus its buffers reaches past the range the services
      // compute with (docs/api-conventions.md "Input rules"); nothing is busy out there.
      const from = clampToEpochRange(fromMs);
      const to = clampToEpochRange(toMs);
      if (staffIds.length === 0 || from >= to) return [];
      const res = await client.getBusyTimes({ tenantId, staffIds: [...staffIds], fromMs: from, toMs: to, fresh });
      return res.intervals;
    },
  };
}

/** No integrations service configured: no staff member has a connected calendar. */
export const noBusyTimes: BusyTimeSource = { busy: async () => [] };
