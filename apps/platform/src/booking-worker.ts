// The booking service in a worker thread of the embedded platform (booking-thread.ts starts it):
// the same startBookingFromConfig a lone booking process runs, reached by the other services
// over gRPC on its own loopback port; only the event bus and the metrics cross the thread
// boundary, through MessagePorts (docs/architecture.md "Two profiles, one code path").
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { PortEventBus } from '@svc/events';
import type { RunningGrpcHost } from '@svc/grpc';
import { createLogger, initTracing, metricsSnapshot, shutdownTracing } from '@svc/telemetry';
import { bookingConfigSchema, startBookingFromConfig } from '@svc/booking';
import type { FromBookingThread, ToBookingThread, BookingWorkerData } from './booking-thread.js';

const data = workerData as BookingWorkerData;
const port = parentPort!;
const post = (message: FromBookingThread) => port.postMessage(message);

// A thread has its own module instances: tracing is set up here as startConfiguredProcess does
// for the process, and the logger writes to the process's stdout (fd 1) like the others.
initTracing({ service: data.tracingService });
const logger = createLogger('booking', data.logLevel);

let running: RunningGrpcHost | undefined;
port.on('message', (message: ToBookingThread) => {
  if (message.type === 'metrics') {
    // A failed snapshot fails that one GET /metrics, not the thread.
    void metricsSnapshot().then(
      (snapshot) => post({ type: 'metrics', id: message.id, snapshot }),
      (err: unknown) => post({ type: 'metrics-failed', id: message.id, error: describe(err) }),
    );
    return;
  }
  void (async () => {
    try {
      await running?.stop();
      await shutdownTracing();
      post({ type: 'stopped' });
    } catch (err) {
      post({ type: 'stopped', error: describe(err) });
    }
  })();
});

try {
  running = await startBookingFromConfig(bookingConfigSchema.parse(data.config), logger, {
    bus: new PortEventBus(data.bus),
  });
  logger.info({ threadId }, 'booking service runs in a worker thread');
  post({ type: 'started', name: running.name, port: running.port, address: running.address, threadId });
} catch (err) {
  post({ type: 'failed', error: describe(err) });
}

function describe(err: unknown): { message: string; stack?: string; code?: string } {
  const code = (err as { code?: unknown } | undefined)?.code;
  return {
    message: err instanceof Error ? err.message : String(err),
    ...(err instanceof Error && err.stack ? { stack: err.stack } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}
