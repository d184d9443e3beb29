import { MessageChannel } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { InProcessEventBus, PortEventBus, serveEventBus, type BusMessage, type EventBus } from '../src/index.js';
import { eventBusContract } from './event-bus-contract.js';

eventBusContract('PortEventBus over a MessageChannel', async () => {
  const { port1, port2 } = new MessageChannel();
  serveEventBus(new InProcessEventBus({ retryDelayMs: 50, onHandlerError: () => {} }), port1);
  return new PortEventBus(port2);
});

const until = async (cond: () => boolean): Promise<void> => {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
};

describe('PortEventBus specifics', () => {
  it('resolves a publish only once the real bus has, and passes its failure on', async () => {
    let release!: () => void;
    const published: BusMessage[][] = [];
    const gated: EventBus = {
      publish: async (topic, messages) => {
        if (topic === 'broken') throw new Error('journal write failed');
        await new Promise<void>((r) => (release = r));
        published.push(messages);
      },
      subscribe: () => Promise.reject(new Error('unused')),
      ping: async () => {},
      close: async () => {},
    };
    const { port1, port2 } = new MessageChannel();
    const server = serveEventBus(gated, port1);
    const bus = new PortEventBus(port2);

    let resolved = false;
    const publishing = bus.publish('t', [{ key: 'k', value: 'v', headers: { h: '1' } }]).then(() => (resolved = true));
    await until(() => release !== undefined);
    await new Promise((r) => setTimeout(r, 20));
    expect(resolved).toBe(false);
    release();
    await publishing;
    expect(published).toEqual([[{ key: 'k', value: 'v', headers: { h: '1' } }]]);

    await expect(bus.publish('broken', [])).rejects.toThrow('journal write failed');
    await server.close();
  });

  it('fails what is waiting when the port closes and leaves the delivery uncommitted for the group', async () => {
    const real = new InProcessEventBus({ retryDelayMs: 10, onHandlerError: () => {} });
    const { port1, port2 } = new MessageChannel();
    const server = serveEventBus(real, port1);
    const bus = new PortEventBus(port2);
    let started = false;
    // A handler that never finishes: the other thread died while handling the message.
    await bus.subscribe({ topic: 't', groupId: 'g' }, () => {
      started = true;
      return new Promise<void>(() => {});
    });
    await real.publish('t', [{ key: 'k', value: 'one', headers: {} }]);
    await until(() => started);

    await server.close();
    await expect(bus.ping()).rejects.toThrow('event bus port closed');

    const again: string[] = [];
    const next = await real.subscribe({ topic: 't', groupId: 'g' }, async (m) => void again.push(m.value));
    await until(() => again.length === 1);
    expect(again).toEqual(['one']);
    await next.stop();
    await real.close();
  });

  it('a close after the port closed waits for the subscriptions the closing began to stop', async () => {
    let finishStop!: () => void;
    let stops = 0;
    const slow: EventBus = {
      publish: async () => {},
      subscribe: async () => ({
        stop: () => {
          stops++;
          return new Promise<void>((r) => (finishStop = r));
        },
      }),
      ping: async () => {},
      close: async () => {},
    };
    const { port1, port2 } = new MessageChannel();
    const server = serveEventBus(slow, port1);
    const bus = new PortEventBus(port2);
    await bus.subscribe({ topic: 't', groupId: 'g' }, async () => {});
    port2.close();
    await until(() => stops === 1);
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(closed).toBe(false);
    finishStop();
    await closing;
    expect(stops).toBe(1);
  });

  it('refuses work after close', async () => {
    const { port1, port2 } = new MessageChannel();
    serveEventBus(new InProcessEventBus(), port1);
    const bus = new PortEventBus(port2);
    await bus.ping();
    await bus.close();
    await expect(bus.publish('t', [])).rejects.toThrow('event bus closed');
  });
});
