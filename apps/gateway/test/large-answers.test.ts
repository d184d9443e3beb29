import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '@svc/telemetry';
import { buildGateway, defineRoute, gatewayConfigSchema, gatewaySettings } from '../src/index.js';
import { compileSerializer } from '../src/http/compiled-serializer.js';
import { okEnvelope } from '../src/http/envelope.js';
import { availabilitySchema } from '../src/api/availability.js';
import { unreachableDownstream } from './support/unreachable.js';

// Large answers (availability) in production are written by a serializer compiled from their
// schema, without validating them again; tests and development keep the validation
// (docs/architecture.md "Availability path").

const dataDir = mkdtempSync(join(tmpdir(), 'gateway-large-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const DAY = 86_400_000;
/** A month of half-hour slots on a 15-minute grid, as the availability route answers them. */
const month = {
  serviceSlug: 'consult',
  timezone: 'Europe/Berlin',
  fromMs: 1_795_000_000_000,
  toMs: 1_795_000_000_000 + 31 * DAY,
  slots: Array.from({ length: 1240 }, (_, i) => {
    const startsAtMs = 1_795_000_000_000 + i * 15 * 60_000;
    return { startsAtMs, endsAtMs: startsAtMs + 30 * 60_000 };
  }),
  finalAuthority: 'booking_create_recheck_under_lock' as const,
};

describe('the compiled serializer', () => {
  it('writes a valid availability envelope byte for byte as validation and JSON.stringify do', () => {
    const schema = okEnvelope(availabilitySchema);
    const envelope = { ok: true as const, data: month, meta: { requestId: 'req-1' } };
    expect(compileSerializer(schema)(envelope)).toBe(JSON.stringify(schema.parse(envelope)));
    const empty = { ...envelope, data: { ...month, slots: [] } };
    expect(compileSerializer(schema)(empty)).toBe(JSON.stringify(schema.parse(empty)));
  });

  it('writes only the schema’s fields, as validation does', () => {
    const schema = okEnvelope(availabilitySchema);
    const extra = {
      ok: true,
      data: { ...month, slots: month.slots.slice(0, 1), internal: 'x' },
      meta: { requestId: 'r' },
    };
    expect(JSON.parse(compileSerializer(schema)(extra)).data).not.toHaveProperty('internal');
  });
});

describe('response validation setting', () => {
  const settingsOf = (env: Record<string, string>) =>
    gatewaySettings(gatewayConfigSchema.parse({ DATA_DIR: dataDir, ...env }), 8080).responseValidation;

  it('validates unless NODE_ENV is production; RESPONSE_VALIDATION decides when set', () => {
    expect(settingsOf({})).toBe(true);
    expect(settingsOf({ NODE_ENV: 'test' })).toBe(true);
    expect(settingsOf({ NODE_ENV: 'production' })).toBe(false);
    expect(settingsOf({ NODE_ENV: 'production', RESPONSE_VALIDATION: 'on' })).toBe(true);
    expect(settingsOf({ RESPONSE_VALIDATION: 'off' })).toBe(false);
  });

  it('a large answer route: the same body either way; only the validating gateway refuses a wrong answer', async () => {
    const answers: Record<string, { valid: string; invalidStatus: number }> = {};
    for (const mode of ['on', 'off'] as const) {
      const app = await buildGateway({
        logger: createLogger('gateway-test', 'silent'),
        downstream: unreachableDownstream(),
        settings: gatewaySettings(gatewayConfigSchema.parse({ DATA_DIR: dataDir, RESPONSE_VALIDATION: mode }), 8080),
      });
      defineRoute(app, {
        method: 'GET',
        url: '/test/month',
        summary: 'A route used only by these tests',
        tags: ['test'],
        querystring: z.object({ wrong: z.string().optional() }),
        response: availabilitySchema,
        largeAnswer: true,
        handler: async ({ query }) => (query.wrong ? { ...month, finalAuthority: 'nobody' as never } : month),
      });
      try {
        const valid = await app.inject({ method: 'GET', url: '/test/month', headers: { 'x-request-id': 'same' } });
        expect(valid.statusCode).toBe(200);
        const invalid = await app.inject({ method: 'GET', url: '/test/month?wrong=1' });
        answers[mode] = { valid: valid.body, invalidStatus: invalid.statusCode };
      } finally {
        await app.close();
      }
    }
    expect(answers.off!.valid).toBe(answers.on!.valid);
    expect(answers.on!.invalidStatus).toBe(500);
    // The compiled serializer trusts the route: the check lives in tests and development.
    expect(answers.off!.invalidStatus).toBe(200);
  });
});
