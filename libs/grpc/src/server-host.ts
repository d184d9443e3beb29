import { Server, ServerCredentials } from '@grpc/grpc-js';
import { healthV1 } from '@svc/proto';
import type { Logger } from '@svc/telemetry';
import { bindService, type ServiceBinding } from './bind-service.js';
import { HealthService } from './health.js';

/** A dependency the service owns: probed by Health, closed after the server stops. */
export interface OwnedResource {
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Closeables a service owns but does not probe: channels to other services (their health is
 * their own) or a transport that answers for itself. Closed at shutdown.
 */
export function unprobed(...owned: Array<{ close(): void | Promise<void> }>): OwnedResource {
  return {
    ping: async () => {},
    close: async () => {
      for (const o of owned) await o.close();
    },
  };
}

/** Where a service listens and how long it drains; every service config has these. */
export interface HostSettings {
  GRPC_HOST: string;
  GRPC_PORT: number;
  SHUTDOWN_GRACE_MS: number;
}

export interface GrpcHostOptions {
  name: string;
  settings: HostSettings;
  logger: Logger;
  /** What it serves, each made by `bindService`; Health reports SERVING for exactly these names (and ''). */
  services: ServiceBinding[];
  /** Store, lock, event bus...: probed by Health, closed in reverse order at shutdown. */
  resources: Record<string, OwnedResource>;
  /** Runs first at shutdown, before the server stops (stop consumers, relays). */
  onStopping?: () => Promise<void>;
  /** Runs before the server binds (e.g. ensure indexes); if it or the bind fails, every resource is closed. */
  prepare?: () => Promise<void>;
}

export interface RunningGrpcHost {
  name: string;
  port: number;
  address: string;
  health: HealthService;
  stop(): Promise<void>;
}

/** Starts a gRPC server with the standard Health service and graceful shutdown. */
export async function startGrpcHost(opts: GrpcHostOptions): Promise<RunningGrpcHost> {
  const server = new Server({ 'grpc.max_receive_message_length': 4 * 1024 * 1024 });
  const health = new HealthService(
    opts.services.map((s) => s.name),
    Object.fromEntries(Object.entries(opts.resources).map(([name, r]) => [name, () => r.ping()])),
    opts.logger,
  );
  for (const s of [bindService(healthV1.HealthService, health.handlers()), ...opts.services]) {
    server.addService(s.definition, s.implement(opts.logger, opts.name));
  }

  let port: number;
  try {
    await opts.prepare?.();
    port = await new Promise<number>((resolve, reject) =>
      server.bindAsync(
        `${opts.settings.GRPC_HOST}:${opts.settings.GRPC_PORT}`,
        ServerCredentials.createInsecure(),
        (err, bound) => (err ? reject(err) : resolve(bound)),
      ),
    );
  } catch (err) {
    // Nobody else holds the resources yet, so nobody else would close them.
    await closeAll(opts);
    throw err;
  }
  const host = opts.settings.GRPC_HOST;
  const address = `${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  opts.logger.info({ address }, `${opts.name} gRPC server listening`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      health.setDraining();
      await opts.onStopping?.();
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          opts.logger.warn('grace period over, cancelling in-flight calls');
          server.forceShutdown();
          resolve();
        }, opts.settings.SHUTDOWN_GRACE_MS);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
      await closeAll(opts);
      opts.logger.info(`${opts.name} stopped`);
    })());

  return { name: opts.name, port, address, health, stop };
}

/** Closes the resources in reverse order; a failure is logged and the rest still close. */
async function closeAll(opts: Pick<GrpcHostOptions, 'resources' | 'logger'>): Promise<void> {
  for (const [name, resource] of Object.entries(opts.resources).reverse()) {
    await resource.close().catch((err: unknown) => opts.logger.error({ err, resource: name }, 'close failed'));
  }
}
