// A real OTLP/HTTP trace receiver on a loopback port (node:http), standing in for an
// OpenTelemetry Collector (which cannot be installed here): it takes POST /v1/traces in the
// OTLP JSON encoding the services' exporter sends (ExportTraceServiceRequest, ids as hex,
// docs: opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding), answers like a collector
// and keeps every span with its resource's service.name. Anything else is refused.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One received span, flattened with the service that reported it. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** `http://127.0.0.1:<port>`: the OTEL_EXPORTER_OTLP_ENDPOINT to give a process. */
  endpoint: string;
  spans(): ReceivedSpan[];
  /** Every export request's body as received, joined: to search for what must never be exported. */
  raw(): string;
  /** Export requests received (each one batch of one service). */
  requests(): number;
  close(): Promise<void>;
}

interface KeyValue {
  key: string;
  value: Record<string, unknown>;
}

interface ExportTraceServiceRequest {
  resourceSpans: Array<{
    resource?: { attributes?: KeyValue[] };
    scopeSpans?: Array<{
      spans?: Array<{
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: KeyValue[];
      }>;
    }>;
  }>;
}

const HEX_TRACE = /^[0-9a-f]{32}$/;
const HEX_SPAN = /^[0-9a-f]{16}$/;

/** The attribute value of an OTLP AnyValue (string, int, double, bool). */
function valueOf(v: Record<string, unknown>): unknown {
  return v.stringValue ?? v.intValue ?? v.doubleValue ?? v.boolValue;
}

function attributes(list: KeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
}

/** Decodes one request; throws on anything that is not a well-formed trace export. */
function decodeTraceExport(body: string): ReceivedSpan[] {
  const request = JSON.parse(body) as ExportTraceServiceRequest;
  if (!Array.isArray(request.resourceSpans)) throw new Error('no resourceSpans');
  return request.resourceSpans.flatMap((rs) => {
    const service = attributes(rs.resource?.attributes)['service.name'];
    if (typeof service !== 'string') throw new Error('a resource without service.name');
    return (rs.scopeSpans ?? []).flatMap((ss) =>
      (ss.spans ?? []).map((s) => {
        if (!HEX_TRACE.test(s.traceId) || !HEX_SPAN.test(s.spanId)) throw new Error(`bad ids on span ${s.name}`);
        return {
          service,
          traceId: s.traceId,
          spanId: s.spanId,
          parentSpanId: s.parentSpanId ?? '',
          name: s.name,
          kind: s.kind,
          attributes: attributes(s.attributes),
        };
      }),
    );
  });
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const received: ReceivedSpan[] = [];
  const bodies: string[] = [];
  let requests = 0;
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/traces' || !req.headers['content-type']?.includes('json')) {
      res.writeHead(415).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        received.push(...decodeTraceExport(body));
        bodies.push(body);
        requests++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (err) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(err) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans: () => [...received],
    raw: () => bodies.join('\n'),
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
