import type { ServerWritableStream } from '@grpc/grpc-js';
import { DomainError } from '@svc/errors';
import { healthV1 } from '@svc/proto';
import type { Logger } from '@svc/telemetry';
import type { ServiceHandlers } from './bind-service.js';

const { ServingStatus } = { ServingStatus: healthV1.HealthCheckResponse_ServingStatus };
type ServingStatus = healthV1.HealthCheckResponse_ServingStatus;

/** A dependency probe (store ping, lock ping, ...); throws when the dependency is unusable. */
export type HealthProbe = () => Promise<void>;

const PROBE_TIMEOUT_MS = 2_000;
const WATCH_INTERVAL_MS = 5_000;

/**
 * The standard grpc.health.v1 service. SERVING while every probe passes and the process is not
 * draining; "" and each of `serviceNames` are known names, anything else is NOT_FOUND.
 */
export class HealthService {
  private draining = false;

  constructor(
    private readonly serviceNames: string[],
    private readonly probes: Record<string, HealthProbe>,
    private readonly logger: Logger,
  ) {}

  /** Called at shutdown so load balancers stop routing here before the server closes. */
  setDraining(): void {
    this.draining = true;
  }

  async status(): Promise<ServingStatus> {
    if (this.draining) return ServingStatus.NOT_SERVING;
    const results = await Promise.allSettled(
      Object.entries(this.probes).map(([name, probe]) => withTimeout(probe(), PROBE_TIMEOUT_MS, name)),
    );
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const f of failed) this.logger.warn({ err: f.reason }, 'health probe failed');
    return failed.length === 0 ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
  }

  private known(service: string): boolean {
    return service === '' || this.serviceNames.includes(service);
  }

  /** The handlers for `bindService` (a method, since they close over the constructor's fields). */
  handlers(): ServiceHandlers<typeof healthV1.HealthService> {
    return {
      check: async (request) => {
        if (!this.known(request.service)) throw new DomainError('NOT_FOUND', `unknown service ${request.service}`);
        return { status: await this.status() };
      },
      list: async () => {
        const status = await this.status();
        const statuses: Record<string, healthV1.HealthCheckResponse> = { '': { status } };
        for (const name of this.serviceNames) statuses[name] = { status };
        return { statuses };
      },
      watch: (call: ServerWritableStream<healthV1.HealthCheckRequest, healthV1.HealthCheckResponse>) => {
        if (!this.known(call.request.service)) {
          call.write({ status: ServingStatus.SERVICE_UNKNOWN });
          return;
        }
        let last: ServingStatus | undefined;
        const tick = async () => {
          const status = await this.status();
          if (status !== last && !call.cancelled) call.write({ status });
          last = status;
        };
        void tick();
        const timer = setInterval(() => void tick(), WATCH_INTERVAL_MS);
        call.on('cancelled', () => clearInterval(timer));
        call.on('close', () => clearInterval(timer));
      },
    };
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${name} probe timed out after ${ms} ms`)), ms);
    p.then(resolve, reject).finally(() => clearTimeout(t));
  });
}
