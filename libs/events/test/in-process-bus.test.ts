import { describe, expect, it } from 'vitest';
import { InProcessEventBus, type ReceivedMessage } from '../src/index.js';
import { eventBusContract } from './event-bus-contract.js';

eventBusContract(
  'InProcessEventBus',
  async () => new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} }),
);

describe('InProcessEventBus specifics', () => {
  const until = async (cond: () => boolean): Promise<void> => {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
    expect(cond()).toBe(true);
  };

  it('lets a second subscription of a group stand by until the first stops', async () => {
    const bus = new InProcessEventBus();
    const a: ReceivedMessage[] = [];
    const b: ReceivedMessage[] = [];
    const subA = await bus.subscribe({ topic: 't', groupId: 'g' }, async (m) => void a.push(m));
    const subB = await bus.subscribe({ topic: 't', groupId: 'g' }, async (m) => void b.push(m));
    await bus.publish('t', [{ key: 'k', value: 'one', headers: {} }]);
    await until(() => a.length === 1);

    await subA.stop();
    await bus.publish('t', [{ key: 'k', value: 'two', headers: {} }]);
    await until(() => b.length === 1);
    expect(a.map((m) => m.value)).toEqual(['one']);
    expect(b.map((m) => m.value)).toEqual(['two']);
    await subB.stop();
    await bus.close();
  });

  it('reports handler failures and refuses work after close', async () => {
    const errors: unknown[] = [];
    const bus = new InProcessEventBus({ retryDelayMs: 10, onHandlerError: (e) => errors.push(e) });
    let calls = 0;
    await bus.subscribe({ topic: 't', groupId: 'g' }, async () => {
      if (++calls < 3) throw new Error(`boom ${calls}`);
    });
    await bus.publish('t', [{ key: 'k', value: 'v', headers: {} }]);
    await until(() => calls === 3);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom 1', 'boom 2']);

    await bus.close();
    await expect(bus.publish('t', [])).rejects.toThrow(/closed/);
    await expect(bus.ping()).rejects.toThrow(/closed/);
  });
});
