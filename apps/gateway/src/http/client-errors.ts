import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '@svc/errors';
import { failure } from './envelope.js';
import { type RouteTable, unsupportedMethod } from './methods.js';
import { requestIdFrom } from './request-id.js';
import { NO_STORE } from './response-headers.js';

/**
 * Requests Node's HTTP parser refuses before Fastify sees them, by llhttp error code: the status,
 * the input at fault and what was wrong (docs/api-conventions.md "Envelope"). An unknown method
 * (HPE_INVALID_METHOD) is answered by the method rule instead (methods.ts).
 */
const PARSER_ERRORS: Record<string, { status: number; path: string; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, path: 'headers', message: 'The request headers are larger than 16 KiB.' },
  HPE_INVALID_CONTENT_LENGTH: {
    status: 400,
    path: 'headers.content-length',
    message: 'The Content-Length header is not a valid length.',
  },
  HPE_UNEXPECTED_CONTENT_LENGTH: {
    status: 400,
    path: 'headers.content-length',
    message: 'The Content-Length header is repeated or conflicts with Transfer-Encoding.',
  },
  HPE_INVALID_EOF_STATE: {
    status: 400,
    path: 'headers.content-length',
    message: 'The connection ended before the request body was as long as its Content-Length header says.',
  },
  HPE_INVALID_TRANSFER_ENCODING: {
    status: 400,
    path: 'headers.transfer-encoding',
    message: 'The Transfer-Encoding header is not valid.',
  },
  HPE_CR_EXPECTED: { status: 400, path: 'headers', message: 'A header line ends in a bare LF (CRLF expected).' },
  HPE_LF_EXPECTED: { status: 400, path: 'headers', message: 'A header contains a bare CR (CRLF expected).' },
  HPE_INVALID_HEADER_TOKEN: { status: 400, path: 'headers', message: 'A header name or value has invalid characters.' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, path: 'request', message: 'The request took too long to arrive.' },
};

const NOT_HTTP = { status: 400, path: 'request', message: 'The request is not valid HTTP/1.1.' };

/** `METHOD target HTTP/1.x`, as far as llhttp read it. */
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) HTTP\/1\.[01]\r?$/;

/** Node's parse error (Fastify's `ConnectionError` types rawPacket as its JSON form; it is a Buffer). */
interface ParserError {
  code?: string;
  bytesParsed?: number;
  rawPacket?: unknown;
}

/**
 * Fastify's `clientErrorHandler`: the envelope with a fresh request id (the headers were never
 * parsed) for what Node's parser refuses: an unknown method (405 with Allow, or 404), headers
 * over 16 KiB (431), a bad or contradicting Content-Length, a bare CR or LF in a header, a
 * timeout. Node's own answer has neither the envelope nor x-request-id.
 */
export function clientErrorHandler(table: RouteTable) {
  // The parser stays in its error state: more bytes on the socket raise the error again.
  const answered = new WeakSet<Duplex>();
  return function (this: FastifyInstance, err: ParserError, socket: Duplex): void {
    if (err.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
    answered.add(socket);
    const requestId = requestIdFrom(undefined);
    const refusal = parserRefusal(table, err);
    this.log.info(
      { reqId: requestId, code: err.code, status: refusal.error.httpStatus },
      'request refused by the HTTP parser',
    );
    // A complete request already dispatched on this connection is answered first, so answers
    // stay in order. One whose body is still arriving is the one at fault (its body ended before
    // its Content-Length): it gets this answer, and its handler's reply finds the socket closed.
    const inFlight = (socket as { _httpMessage?: ServerResponse })._httpMessage;
    const send = () => writeEnvelope(socket, refusal.error, requestId, refusal.allow);
    if (inFlight && !inFlight.writableFinished && inFlight.req.complete) {
      inFlight.once('finish', send);
      inFlight.once('close', () => {
        if (!inFlight.writableFinished) socket.destroy();
      });
    } else {
      send();
    }
  };
}

/**
 * The server's `connect` listener: without one Node drops a CONNECT request without a word.
 * CONNECT is answered by the method rule like any method the path does not support.
 */
export function connectHandler(table: RouteTable) {
  return (req: IncomingMessage, socket: Duplex): void => {
    const { error, allow } = unsupportedMethod(table, req.method ?? 'CONNECT', req.url ?? '');
    writeEnvelope(socket, error, requestIdFrom(req.headers['x-request-id']), allow);
  };
}

function parserRefusal(table: RouteTable, err: ParserError): { error: DomainError; allow?: string } {
  if (err.code === 'HPE_INVALID_METHOD') {
    const line = requestLineAt(err.rawPacket, err.bytesParsed ?? 0);
    const match = line === undefined ? null : REQUEST_LINE.exec(line);
    if (match?.[1] && match[2]) return unsupportedMethod(table, match[1], match[2]);
  }
  const known = (err.code && PARSER_ERRORS[err.code]) || NOT_HTTP;
  return {
    error: new DomainError('VALIDATION_ERROR', known.message, [{ path: known.path, message: known.message }], {
      httpStatus: known.status,
    }),
  };
}

/** The line of the raw packet where the parser stopped (the request line for an unknown method). */
function requestLineAt(raw: unknown, offset: number): string | undefined {
  if (!Buffer.isBuffer(raw)) return undefined;
  const text = raw.toString('latin1');
  const start = text.lastIndexOf('\n', Math.max(0, offset - 1)) + 1;
  const end = text.indexOf('\n', start);
  return text.slice(start, end === -1 ? undefined : end);
}

/**
 * Writes the envelope straight to the socket and closes our side: the parser is in an error
 * state, so the connection cannot carry another request.
 */
function writeEnvelope(socket: Duplex, error: DomainError, requestId: string, allow?: string): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(failure(error, requestId));
  const headers: Array<[string, string]> = [
    ['content-type', 'application/json; charset=utf-8'],
    ['content-length', String(Buffer.byteLength(body))],
    ['x-request-id', requestId],
    // These answers concern bytes no route read, so none is worth storing; and the path they
    // were sent to (a /booking/manage/ one, whose answers are never stored) is not always known.
    ['cache-control', NO_STORE],
    ...(allow ? [['allow', allow] as [string, string]] : []),
    ['connection', 'close'],
  ];
  const head = [
    `HTTP/1.1 ${error.httpStatus} ${STATUS_CODES[error.httpStatus] ?? ''}`,
    ...headers.map(([k, v]) => `${k}: ${v}`),
  ];
  // Discard what else the client sends, so closing does not reset the connection under the
  // answer; a client that never closes its side is cut off after LINGER_MS.
  socket.on('data', () => undefined);
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  const linger = setTimeout(() => socket.destroy(), LINGER_MS).unref();
  socket.once('close', () => clearTimeout(linger));
}

const LINGER_MS = 2_000;
