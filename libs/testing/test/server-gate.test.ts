import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort, isCi, serverGate } from '../src/index.js';

const ci = process.env.CI;
afterEach(() => {
  if (ci === undefined) delete process.env.CI;
  else process.env.CI = ci;
  vi.restoreAllMocks();
});

describe('serverGate', () => {
  it('lets the suite run when the server is there', () => {
    expect(serverGate('Redis', null)).toBe(true);
  });

  it('skips loudly when the server is missing outside CI', () => {
    delete process.env.CI;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(serverGate('Kafka', 'no jars')).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('SKIPPED: Kafka suites did not run: no jars'));
  });

  it.each(['true', '1', 'TRUE', 'yes'])('fails instead of skipping under CI=%s', (value) => {
    process.env.CI = value;
    expect(() => serverGate('Redis', 'redis-server not on PATH')).toThrow(/Redis is required under CI/);
  });

  it.each(['', 'false', '0'])('CI=%j is not CI', (value) => {
    expect(isCi({ CI: value })).toBe(false);
  });
});

describe('freePort', () => {
  it('gives a port that can be bound on loopback', async () => {
    const port = await freePort();
    const srv = createServer();
    await new Promise<void>((resolve, reject) => srv.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((r) => srv.close(r));
    expect(port).toBeGreaterThan(0);
  });
});
