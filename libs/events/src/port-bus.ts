import type { MessagePort } from 'node:worker_threads';
import type {
  BatchHandler,
  BusMessage,
  EventBus,
  MessageHandler,
  ReceivedMessage,
  SubscribeOptions,
  Subscription,
} from './event-bus.js';

// An EventBus across a MessagePort: the embedded platform's booking service runs in a worker
// thread while the bus and its consumers stay on the main thread (docs/architecture.md "Two
// profiles, one code path"). Every call is answered only after the real bus has done it, so a
// publish resolving still means "journaled" (the outbox relay marks its rows published then), and
// a delivery is committed only after the handler on the other side resolved.

type Call =
  | { op: 'publish'; topic: string; messages: BusMessage[] }
  | { op: 'ping' }
  | { op: 'subscribe'; sub: number; opts: SubscribeOptions & { maxBatch?: number }; batch: boolean }
  | { op: 'unsubscribe'; sub: number }
  | { op: 'deliver'; sub: number; messages: ReceivedMessage[] };

type Wire = { kind: 'call'; id: number; call: Call } | { kind: 'reply'; id: number; error?: string };

/** Answers one call: `error` undefined means done. */
type Reply = (error?: string) => void;

/** Calls the other side and answers its calls: one numbered request, one reply each. */
class PortPeer {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: () => void; reject: (err: Error) => void }>();
  private closedWith: Error | undefined;

  constructor(
    private readonly port: MessagePort,
    answer: (call: Call, reply: Reply) => void,
    onClose: () => void,
  ) {
    port.on('message', (wire: Wire) => {
      if (wire.kind === 'reply') {
        const waiting = this.pending.get(wire.id);
        this.pending.delete(wire.id);
        if (wire.error === undefined) waiting?.resolve();
        else waiting?.reject(new Error(wire.error));
        return;
      }
      answer(wire.call, (error) =>
        this.post({ kind: 'reply', id: wire.id, ...(error === undefined ? {} : { error }) }),
      );
    });
    port.on('close', () => {
      this.shut(new Error('event bus port closed'));
      onClose();
    });
  }

  call(call: Call): Promise<void> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ kind: 'call', id, call });
    });
  }

  close(): void {
    this.shut(new Error('event bus port closed'));
    this.port.close();
  }

  /** Nothing more can be answered: every waiting call fails (its message is not committed). */
  private shut(reason: Error): void {
    this.closedWith ??= reason;
    for (const waiting of this.pending.values()) waiting.reject(reason);
    this.pending.clear();
  }

  private post(wire: Wire): void {
    if (!this.closedWith) this.port.postMessage(wire);
  }
}

/** Replies once `work` settles. */
function settle(work: () => Promise<void>, reply: Reply): void {
  work().then(
    () => reply(),
    (err: unknown) => reply(messageOf(err)),
  );
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Serves `bus` to a PortEventBus at the other end of `port`. Its subscriptions stop when the
 * port closes (the other thread stopped or died), leaving what they had not committed for the
 * group's next consumer. close() stops them and closes the port; the bus stays with its owner.
 */
export function serveEventBus(bus: EventBus, port: MessagePort): { close(): Promise<void> } {
  const subscriptions = new Map<number, Promise<Subscription>>();
  // One stop for everyone who asks (the port closing, close()): each waits for the same stops.
  let stopping: Promise<void> | undefined;
  const stopAll = () => {
    stopping ??= (async () => {
      const all = [...subscriptions.values()];
      subscriptions.clear();
      await Promise.all(all.map(async (s) => (await s.catch(() => undefined))?.stop()));
    })();
    return stopping;
  };
  const peer: PortPeer = new PortPeer(
    port,
    (call, reply) => settle(() => serve(call), reply),
    // A subscription that fails to stop leaves its messages uncommitted: nothing more to do here.
    () => void stopAll().catch(() => undefined),
  );
  async function serve(call: Call): Promise<void> {
    switch (call.op) {
      case 'publish':
        return bus.publish(call.topic, call.messages);
      case 'ping':
        return bus.ping();
      case 'subscribe': {
        const handler: BatchHandler = (messages) => peer.call({ op: 'deliver', sub: call.sub, messages });
        const subscribed =
          call.batch && bus.subscribeBatch
            ? bus.subscribeBatch(call.opts, handler)
            : bus.subscribe(call.opts, (m) => handler([m]));
        subscriptions.set(call.sub, subscribed);
        await subscribed;
        return;
      }
      case 'unsubscribe': {
        const subscribed = subscriptions.get(call.sub);
        subscriptions.delete(call.sub);
        await (await subscribed?.catch(() => undefined))?.stop();
        return;
      }
      case 'deliver':
        throw new Error('the serving side takes no deliveries');
    }
  }
  return {
    async close() {
      // First: a delivery waiting for the other side fails, so stopping its subscription need not wait for it.
      peer.close();
      await stopAll();
    },
  };
}

/**
 * The EventBus at the far end of a port served by serveEventBus. close() stops its
 * subscriptions and closes the port (the real bus stays open with its owner).
 */
export class PortEventBus implements EventBus {
  private readonly peer: PortPeer;
  private readonly subscriptions = new Map<number, LocalSubscription>();
  private nextSub = 1;
  private closed = false;

  constructor(port: MessagePort) {
    this.peer = new PortPeer(
      port,
      (call, reply) => {
        if (call.op !== 'deliver') return reply(`the bus's client does not answer ${call.op}`);
        const sub = this.subscriptions.get(call.sub);
        // Stopped meanwhile: failing leaves the messages uncommitted for the group's next consumer.
        if (!sub) return reply('subscription stopped');
        let handled: Promise<void>;
        try {
          handled = sub.batch ? sub.handler(call.messages) : sub.handler(call.messages[0]!);
        } catch (err) {
          return reply(messageOf(err));
        }
        // Decided and replied in the handler's own continuation, like the buses' StopSignal: a
        // handler that had resolved when stop() was called counts as finished, its reply goes
        // out before the unsubscribe; one that resolves later does not.
        handled.then(
          () => reply(sub.stopped ? 'subscription stopped' : undefined),
          (err: unknown) => reply(messageOf(err)),
        );
      },
      () => this.subscriptions.clear(),
    );
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    return this.open().call({ op: 'publish', topic, messages });
  }

  async ping(): Promise<void> {
    return this.open().call({ op: 'ping' });
  }

  subscribe(opts: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    return this.add(opts, { batch: false, handler, stopped: false });
  }

  subscribeBatch(opts: SubscribeOptions & { maxBatch?: number }, handler: BatchHandler): Promise<Subscription> {
    return this.add(opts, { batch: true, handler, stopped: false });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions.keys()].map((id) => this.unsubscribe(id)));
    this.peer.close();
  }

  private async add(opts: SubscribeOptions & { maxBatch?: number }, sub: LocalSubscription): Promise<Subscription> {
    const id = this.nextSub++;
    this.subscriptions.set(id, sub);
    try {
      await this.open().call({ op: 'subscribe', sub: id, opts, batch: sub.batch });
    } catch (err) {
      this.subscriptions.delete(id);
      throw err;
    }
    return { stop: () => this.unsubscribe(id) };
  }

  /** Takes effect one microtask later, as StopSignal does (see the reply to a delivery). */
  private unsubscribe(id: number): Promise<void> {
    return new Promise<void>((resolve) =>
      queueMicrotask(() => {
        const sub = this.subscriptions.get(id);
        if (!sub) return resolve();
        sub.stopped = true;
        this.subscriptions.delete(id);
        this.peer.call({ op: 'unsubscribe', sub: id }).then(resolve, () => resolve());
      }),
    );
  }

  private open(): PortPeer {
    if (this.closed) throw new Error('event bus closed');
    return this.peer;
  }
}

type LocalSubscription = { stopped: boolean } & (
  { batch: false; handler: MessageHandler } | { batch: true; handler: BatchHandler }
);
