import type { MessageHandler, ReceivedMessage } from './event-bus.js';
import type { StopSignal } from './stop-signal.js';

export type HandlerErrorListener = (error: unknown, message: ReceivedMessage) => void;

export interface DeliverOptions {
  stop: StopSignal;
  retryDelayMs: number;
  onHandlerError: HandlerErrorListener;
  /** Runs before each retry (the Kafka adapter heartbeats there so the group keeps it). */
  beforeRetry?: () => Promise<void>;
}

/**
 * Runs the handler until it resolves, pausing retryDelayMs after each failure: a failing
 * message is retried, never skipped. Returns true when the message may be committed, false
 * when the subscription was stopped before the handler finished.
 */
export async function deliver(
  message: ReceivedMessage,
  handler: MessageHandler,
  opts: DeliverOptions,
): Promise<boolean> {
  const { stop } = opts;
  for (;;) {
    if (stop.requested) return false;
    try {
      // Each attempt gets its own copy so a handler that mutates it cannot alter the retry.
      await handler({ ...message, headers: { ...message.headers } });
      // Decided right here, in the handler's own continuation (see StopSignal).
      return !stop.requested;
    } catch (error) {
      if (stop.requested) return false;
      opts.onHandlerError(error, message);
      await stop.sleep(opts.retryDelayMs);
      if (stop.requested) return false;
      await opts.beforeRetry?.();
    }
  }
}

export const defaultHandlerErrorListener: HandlerErrorListener = (error, message) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`event handler failed on ${message.topic}@${message.offset} (key ${message.key}), retrying: ${reason}`);
};
