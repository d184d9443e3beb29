import { describe, expect, it } from 'vitest';
import type { IntegrationClient } from '@svc/grpc';
import { EPOCH_MS_END, EPOCH_MS_MAX, MINUTE_MS } from '@svc/rules';
import { integrationBusyTimes } from '../../src/clients/busy-times.js';

/** Records what the client was asked; answers no busy time. */
function recordingClient(asked: { fromMs: number; toMs: number }[]): IntegrationClient {
  return {
    getBusyTimes: async (req: { fromMs: number; toMs: number }) => {
      asked.push({ fromMs: req.fromMs, toMs: req.toMs });
      return { intervals: [], unavailableStaffIds: [] };
    },
  } as unknown as IntegrationClient;
}

describe('busy times from the integrations service', () => {
  it('asks about a slot near the end of year 9999 only up to the end of the range (found by the API fuzz)', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked));
    await busy.busy('ten_a', ['stf_1'], EPOCH_MS_MAX - MINUTE_MS, EPOCH_MS_MAX + 30 * MINUTE_MS, { fresh: true });
    expect(asked).toEqual([{ fromMs: EPOCH_MS_MAX - MINUTE_MS, toMs: EPOCH_MS_END }]);
  });

  it('asks nothing for a window wholly past the range, or without staff', async () => {
    const asked: { fromMs: number; toMs: number }[] = [];
    const busy = integrationBusyTimes(recordingClient(asked));
    expect(await busy.busy('ten_a', ['stf_1'], EPOCH_MS_END + 1, EPOCH_MS_END + MINUTE_MS, { fresh: false })).toEqual(
      [],
    );
    expect(await busy.busy('ten_a', [], 1, MINUTE_MS, { fresh: false })).toEqual([]);
    expect(asked).toEqual([]);
  });
});
