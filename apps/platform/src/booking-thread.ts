import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { serveEventBus, type EventBus } from '@svc/events';
import { addMetricsSource, type Logger, type MetricsSnapshot } from '@svc/telemetry';
import type { ResolvedPlatformConfig } from './config.js';

/** What the booking thread is given (booking-worker.ts). */
export interface BookingWorkerData {
  /** The booking service's settings, parsed in the thread by its own schema. */
  config: Record<string, unknown>;
  logLevel: ResolvedPlatformConfig['LOG_LEVEL'];
  /** The service name tracing starts with, as the process's (startConfiguredProcess). */
  tracingService: string;
  /** The platform's event bus, served over this port (serveEventBus). */
  bus: MessagePort;
}

export type ToBookingThread = { type: 'stop' } | { type: 'metrics'; id: number };

interface ThreadError {
  message: string;
  stack?: string;
  code?: string;
}

export type FromBookingThread =
  | { type: 'started'; name: string; port: number; address: string; threadId: number }
  | { type: 'failed'; error: ThreadError }
  | { type: 'stopped'; error?: ThreadError }
  | { type: 'metrics'; id: number; snapshot: MetricsSnapshot }
  | { type: 'metrics-failed'; id: number; error: ThreadError };

/** The booking service as the platform sees it, wherever it runs. */
export interface BookingThread {
  name: string;
  port: number;
  address: string;
  threadId: number;
  stop(): Promise<void>;
}

export interface BookingThreadOptions {
  data: Omit<BookingWorkerData, 'bus'>;
  bus: EventBus;
  logger: Logger;
  /** How long a stop may take before the thread is terminated anyway. */
  stopTimeoutMs: number;
  /** The thread died while running (not stopped): the platform goes down (embedded-platform.ts). */
  onCrash(err: Error): void;
}

/** The thread's error as this thread's, with its stack and code. */
function asError(e: ThreadError): Error {
  const err = Object.assign(new Error(e.message), e.code ? { code: e.code } : {});
  if (e.stack) err.stack = e.stack;
  return err;
}

/**
 * Starts the booking service in a worker thread, so creates use a second core while the gateway
 * and the other services keep the main thread (docs/architecture.md "Two profiles, one code
 * path"). Resolves once its gRPC server listens; rejects, with nothing left running, if it
 * cannot start.
 */
export async function startBookingThread(opts: BookingThreadOptions): Promise<BookingThread> {
  const { port1, port2 } = new MessageChannel();
  const served = serveEventBus(opts.bus, port1);
  const workerData: BookingWorkerData = { ...opts.data, bus: port2 };
  const worker = new Worker(new URL('./booking-worker.js', import.meta.url), { workerData, transferList: [port2] });
  const post = (message: ToBookingThread) => worker.postMessage(message);

  let phase: 'starting' | 'running' | 'stopping' = 'starting';
  let failure: Error | undefined;
  const metricsWaiting = new Map<number, { resolve: (s: MetricsSnapshot) => void; reject: (e: Error) => void }>();
  let nextMetrics = 1;
  let stopped: ((error?: ThreadError) => void) | undefined;
  let exited = false;

  const started = new Promise<Extract<FromBookingThread, { type: 'started' }>>((resolve, reject) => {
    worker.on('message', (message: FromBookingThread) => {
      if (message.type === 'started') resolve(message);
      else if (message.type === 'failed') reject(asError(message.error));
      else if (message.type === 'stopped') stopped?.(message.error);
      else {
        const waiting = metricsWaiting.get(message.id);
        metricsWaiting.delete(message.id);
        if (message.type === 'metrics') waiting?.resolve(message.snapshot);
        else waiting?.reject(asError(message.error));
      }
    });
    worker.on('error', (err) => {
      failure ??= err;
      if (phase === 'starting') reject(err);
    });
    worker.on('exit', (code) => {
      exited = true;
      const died = failure ?? new Error(`the booking thread exited with code ${code}`);
      for (const waiting of metricsWaiting.values()) waiting.reject(died);
      metricsWaiting.clear();
      stopped?.({ message: died.message });
      if (phase === 'starting') reject(died);
      if (phase === 'running') opts.onCrash(died);
    });
  });

  let info: Extract<FromBookingThread, { type: 'started' }>;
  try {
    info = await started;
  } catch (err) {
    await worker.terminate();
    await served.close();
    throw err;
  }
  phase = 'running';

  // GET /metrics (the gateway, on this thread) shows the booking service's metrics too.
  const removeSource = addMetricsSource(
    () =>
      new Promise<MetricsSnapshot>((resolve, reject) => {
        if (exited) return reject(failure ?? new Error('the booking thread exited'));
        const id = nextMetrics++;
        metricsWaiting.set(id, { resolve, reject });
        post({ type: 'metrics', id });
      }),
  );

  let stopping: Promise<void> | undefined;
  return {
    name: info.name,
    port: info.port,
    address: info.address,
    threadId: info.threadId,
    stop: () =>
      (stopping ??= (async () => {
        const crashed = exited && phase === 'running';
        phase = 'stopping';
        removeSource();
        if (crashed) {
          // Already reported through onCrash: only the bus's side is left to close.
          await served.close();
          return;
        }
        const outcome = new Promise<ThreadError | undefined>((resolve) => {
          stopped = resolve;
          // Beyond the service's own grace period: terminate it anyway.
          setTimeout(() => resolve({ message: 'the booking thread did not stop in time' }), opts.stopTimeoutMs).unref();
        });
        post({ type: 'stop' });
        const error = await outcome;
        await worker.terminate();
        await served.close();
        if (error) {
          opts.logger.error({ err: asError(error) }, 'the booking thread stopped with an error');
          throw asError(error);
        }
      })()),
  };
}
