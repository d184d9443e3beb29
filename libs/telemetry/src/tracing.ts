import { randomFillSync } from 'node:crypto';
import {
  context,
  isSpanContextValid,
  propagation,
  SamplingDecision,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  INVALID_SPAN_CONTEXT,
  ROOT_CONTEXT,
  type Context,
  type Link,
  type Span,
  type SpanContext,
  type SpanOptions,
  type Tracer,
  type TracerProvider,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { isTracingSuppressed, W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type Sampler,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

export interface TracingOptions {
  /**
   * The process's own service: names spans that have no service of their own (no parent span
   * of a known service). `OTEL_SERVICE_NAME` overrides its `service.name`.
   */
  service?: string;
  /** Span processors made for each service (tests pass in-memory exporters). */
  spanProcessors?: (service: string) => SpanProcessor[];
}

/** Where a service's spans come from: an SDK provider (spans are recorded) or ids only. */
type ServiceTracers = { getTracer(scope: string): Tracer; shutdown(): Promise<void> };

interface TracingState {
  defaultService: string;
  processorsFor: (service: string) => SpanProcessor[];
  services: Map<string, ServiceTracers>;
  /** `OTEL_SDK_DISABLED=true`: the API's no-op tracers serve every service. */
  off: boolean;
}

let state: TracingState | undefined;
/** Which service started a recorded span: its children belong to the same service (see `tracer`). */
const spanService = new WeakMap<object, string>();

/**
 * Registers async context, the W3C traceparent propagator and a tracer provider that keeps one
 * tracer per service, each with its own `service.name`: in the embedded profile five services
 * share this process and must still show as five services (docs/architecture.md, "Telemetry").
 * Spans are exported with OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `..._TRACES_ENDPOINT`)
 * is set; otherwise a service has no span processor and its spans are not recorded: they only
 * get the ids logs, `x-trace-id` and `traceparent` carry, without the SDK's span objects,
 * attributes and resource (docs/operations.md, "Telemetry"). `OTEL_SDK_DISABLED=true` registers
 * nothing: the OpenTelemetry API's no-ops, no ids. Idempotent: the first call wins.
 */
export function initTracing(options: TracingOptions = {}): void {
  if (state) return;
  state = {
    defaultService: options.service ?? process.env.OTEL_SERVICE_NAME ?? 'unknown_service',
    processorsFor: options.spanProcessors ?? otlpFromEnvironment,
    services: new Map(),
    off: process.env.OTEL_SDK_DISABLED === 'true' && !options.spanProcessors,
  };
  if (state.off) return;
  const routing: TracerProvider = { getTracer: (scope) => new ServiceRoutingTracer(scope) };
  trace.setGlobalTracerProvider(routing);
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
}

/** Flushes and stops every service's exporter (at process shutdown). */
export async function shutdownTracing(): Promise<void> {
  await Promise.all([...(state?.services.values() ?? [])].map((p) => p.shutdown()));
}

/**
 * A tracer whose spans belong to the service of their parent span, or to the process's own
 * service for a root span: store, lock and gRPC client spans need not know which service of the
 * embedded platform they serve. Entry points (an HTTP request, a gRPC call, a consumed event, a
 * background pass) use `serviceTracer` instead.
 */
export function tracer(scope: string): Tracer {
  return trace.getTracer(scope);
}

/** The tracer of one service: its spans carry that service's `service.name`. */
export function serviceTracer(service: string, scope = service): Tracer {
  return tracersOf(service).getTracer(scope);
}

function tracersOf(service: string): ServiceTracers {
  if (!state) initTracing();
  const s = state!;
  let tracers = s.services.get(service);
  if (!tracers) {
    const processors = s.off ? undefined : s.processorsFor(service);
    if (!processors) {
      tracers = { getTracer: (scope) => trace.getTracer(scope), shutdown: () => Promise.resolve() };
    } else if (processors.length === 0) {
      const ids = new IdsOnlyTracer(service, samplerFromEnvironment());
      tracers = { getTracer: () => ids, shutdown: () => Promise.resolve() };
    } else {
      const own = service === s.defaultService ? (process.env.OTEL_SERVICE_NAME ?? service) : service;
      tracers = new BasicTracerProvider({
        // OTEL_RESOURCE_ATTRIBUTES (deployment.environment, service.namespace...) apply to every service.
        resource: detectResources({ detectors: [envDetector] }).merge(resourceFromAttributes({ 'service.name': own })),
        spanProcessors: [new ServiceMarker(service), ...processors],
      });
    }
    s.services.set(service, tracers);
  }
  return tracers;
}

/**
 * A span that is not recorded: its ids and sampled flag, and the service that started it so its
 * children join that service. What a service without a span processor makes: nothing reads a
 * recorded span there, so names, attributes, events and times would be work for nobody.
 */
class IdsOnlySpan implements Span {
  constructor(
    private readonly ids: SpanContext,
    readonly service: string,
  ) {}
  spanContext(): SpanContext {
    return this.ids;
  }
  setAttribute(): this {
    return this;
  }
  setAttributes(): this {
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(): this {
    return this;
  }
  updateName(): this {
    return this;
  }
  end(): void {}
  isRecording(): boolean {
    return false;
  }
  recordException(): void {}
}

/** A Tracer whose `startActiveSpan` (all its overloads) is its own `startSpan` made active. */
abstract class ActiveSpanTracer implements Tracer {
  abstract startSpan(name: string, options?: SpanOptions, ctx?: Context): Span;

  startActiveSpan<F extends (span: Span) => unknown>(name: string, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(name: string, options: SpanOptions, fn: F): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    options: SpanOptions,
    ctx: Context,
    fn: F,
  ): ReturnType<F>;
  startActiveSpan<F extends (span: Span) => unknown>(
    name: string,
    a?: SpanOptions | F,
    b?: Context | F,
    c?: F,
  ): ReturnType<F> {
    const fn = (c ?? (typeof b === 'function' ? b : a)) as F;
    const options = typeof a === 'object' ? a : undefined;
    const ctx = typeof b === 'object' ? b : context.active();
    const span = this.startSpan(name, options, ctx);
    return context.with(trace.setSpan(ctx, span), () => fn(span)) as ReturnType<F>;
  }
}

/**
 * The SDK tracer's ids and sampling decision (a fresh span id, the parent's trace id and trace
 * state, a new random trace id for a root, the sampled flag the configured sampler gives) without
 * the SDK span: `traceparent` headers and log lines read exactly as with the SDK.
 */
class IdsOnlyTracer extends ActiveSpanTracer {
  constructor(
    private readonly service: string,
    /** Undefined for the default, `parentbased_always_on`: sampled unless the parent is not. */
    private readonly sampler: Sampler | undefined,
  ) {
    super();
  }

  startSpan(name: string, options: SpanOptions = {}, ctx: Context = context.active()): Span {
    if (options.root) ctx = trace.deleteSpan(ctx);
    if (isTracingSuppressed(ctx)) return trace.wrapSpanContext(INVALID_SPAN_CONTEXT);
    const parentSpan = trace.getSpan(ctx);
    const parent = parentSpan?.spanContext();
    const child = parent !== undefined && (parentSpan instanceof IdsOnlySpan || isSpanContextValid(parent));
    const traceId = child ? parent.traceId : randomId(16);
    let traceFlags = child ? parent.traceFlags & TraceFlags.SAMPLED : TraceFlags.SAMPLED;
    let traceState = child ? parent.traceState : undefined;
    if (this.sampler) {
      const sampling = this.sampler.shouldSample(
        ctx,
        traceId,
        name,
        options.kind ?? SpanKind.INTERNAL,
        options.attributes ?? {},
        options.links ?? [],
      );
      traceFlags = sampling.decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE;
      traceState = sampling.traceState ?? traceState;
    }
    return new IdsOnlySpan({ traceId, spanId: randomId(8), traceFlags, traceState }, this.service);
  }
}

/** Random ids from a pooled buffer: one `randomFillSync` per 256 span ids. */
const ID_POOL = Buffer.allocUnsafe(2048);
let idOffset = ID_POOL.length;
function randomId(bytes: 8 | 16): string {
  for (;;) {
    if (idOffset + bytes > ID_POOL.length) {
      randomFillSync(ID_POOL);
      idOffset = 0;
    }
    const start = idOffset;
    idOffset += bytes;
    // An all-zero id is invalid (W3C Trace Context); draw again.
    for (let i = start; i < idOffset; i++) if (ID_POOL[i] !== 0) return ID_POOL.toString('hex', start, idOffset);
  }
}

/**
 * The sampler `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` name, as the SDK's tracer
 * provider builds it, so ids-only spans carry the same sampled flag as recorded ones; undefined
 * for the default, `parentbased_always_on`, which `IdsOnlyTracer` decides without a sampler.
 */
function samplerFromEnvironment(): Sampler | undefined {
  // Blank is unset (1), as the SDK reads it.
  const raw = process.env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const arg = raw ? Number(raw) : 1;
  const ratio = () => new TraceIdRatioBasedSampler(arg >= 0 && arg <= 1 ? arg : 1);
  switch (process.env.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'traceidratio':
      return ratio();
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    default:
      return undefined;
  }
}

/** Remembers which service started each span, so its children can join it. */
class ServiceMarker implements SpanProcessor {
  constructor(private readonly service: string) {}
  onStart(span: Span): void {
    spanService.set(span, this.service);
  }
  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

class ServiceRoutingTracer extends ActiveSpanTracer {
  constructor(private readonly scope: string) {
    super();
  }

  private target(ctx: Context): Tracer {
    const parent = trace.getSpan(ctx);
    const service =
      (parent instanceof IdsOnlySpan ? parent.service : parent && spanService.get(parent)) ??
      state?.defaultService ??
      'unknown_service';
    return serviceTracer(service, this.scope);
  }

  startSpan(name: string, options?: SpanOptions, ctx: Context = context.active()): Span {
    return this.target(ctx).startSpan(name, options, ctx);
  }
}

function otlpEndpoint(): string | undefined {
  const env = process.env;
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return undefined;
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
}

/**
 * The exporter the OTEL_* variables describe: OTLP/HTTP (JSON) batched, one per service so each
 * batch carries its service's resource. The exporter and batch processor read the rest of the
 * standard variables themselves (headers, timeouts, OTEL_BSP_*).
 */
function otlpFromEnvironment(): SpanProcessor[] {
  return otlpEndpoint() ? [new BatchSpanProcessor(new OTLPTraceExporter())] : [];
}

/** Carrier helpers so W3C context can ride on any string map (gRPC metadata, Kafka headers). */
export function injectTraceContext(set: (key: string, value: string) => void, ctx: Context = context.active()): void {
  propagation.inject(
    ctx,
    {},
    {
      set: (_carrier, key, value) => set(key, value),
    },
  );
}

export function extractTraceContext(get: (key: string) => string | undefined, ctx: Context = context.active()) {
  return propagation.extract(
    ctx,
    {},
    {
      get: (_carrier, key) => get(key),
      keys: () => ['traceparent', 'tracestate'],
    },
  );
}

/** The context a W3C `traceparent` string describes (the root context when it is null). */
export function contextOf(traceparent: string | null | undefined): Context {
  return extractTraceContext((key) => (key === 'traceparent' ? (traceparent ?? undefined) : undefined), ROOT_CONTEXT);
}

/**
 * Runs `fn` outside any trace: a background pass that a request merely woke up (the outbox
 * relay after a commit, the webhook worker after a fan-out) is not part of that request's trace.
 */
export function detached<T>(fn: () => T): T {
  return context.with(ROOT_CONTEXT, fn);
}

/** The W3C traceparent of the active span, or null outside one. */
export function currentTraceparent(ctx: Context = context.active()): string | null {
  let traceparent: string | null = null;
  injectTraceContext((key, value) => {
    if (key === 'traceparent') traceparent = value;
  }, ctx);
  return traceparent;
}

/** The W3C traceparent that names `span` as the parent (to carry on with a message). */
export function traceparentOf(span: Span): string | null {
  return currentTraceparent(trace.setSpan(ROOT_CONTEXT, span));
}

export interface InSpanOptions {
  kind?: SpanKind;
  /** The parent: a W3C traceparent (a remote parent), or absent for the active span. */
  traceparent?: string | null;
  links?: Link[];
  attributes?: SpanOptions['attributes'];
}

/**
 * Runs `fn` in an active span of `service` (or, without one, of the parent's service) and ends it
 * when `fn` settles; a rejection marks the span failed. The one way code outside the HTTP and
 * gRPC bindings opens a span.
 */
export async function inSpan<T>(
  service: string | undefined,
  name: string,
  options: InSpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = options.traceparent === undefined ? context.active() : contextOf(options.traceparent);
  const t = service ? serviceTracer(service) : tracer('svc');
  const span = t.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, links: options.links, attributes: options.attributes },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
    throw err;
  } finally {
    span.end();
  }
}

/**
 * Runs `fn` in a client span of `service` that continues `traceparent` (a new trace when it is
 * null) and hands it the W3C `traceparent` to send onward (the dispatcher's webhook requests).
 * Unsampled spans still have ids; when the parent is unsampled the header keeps its trace id,
 * and with no parent at all a fresh random one is made: the header is always there.
 */
export async function inClientSpan<T>(
  service: string,
  name: string,
  traceparent: string | null,
  fn: (outgoing: string) => Promise<T>,
): Promise<T> {
  return inSpan(service, name, { kind: SpanKind.CLIENT, traceparent }, (span) =>
    fn(traceparentOf(span) ?? traceparent ?? `00-${randomId(16)}-${randomId(8)}-01`),
  );
}
