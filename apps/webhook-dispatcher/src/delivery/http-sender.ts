/**
 * One webhook POST. It connects to an address the URL policy checked (never resolving the name
 * again) while the request still names the host: `Host` header and TLS server name (SNI and
 * certificate check) are the URL's. Redirects are not followed (a 3xx is the answer), and the
 * whole attempt, connection included, must produce a response status within the timeout.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { urlHost } from '@svc/rules';
import { pinnedLookup } from '@svc/url-policy';
import type { AttemptResult } from '../domain/retry-schedule.js';

export interface WebhookRequest {
  url: URL;
  /** The checked address to connect to. */
  address: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}

/** Response bodies are read and dropped; a receiver's long body does not hold the attempt. */
const MAX_DRAINED_BYTES = 64 * 1024;

export function postWebhook(req: WebhookRequest): Promise<AttemptResult> {
  const { url } = req;
  const host = urlHost(url);
  const https = url.protocol === 'https:';
  const options = {
    method: 'POST',
    hostname: host,
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: { ...req.headers, 'Content-Length': String(Buffer.byteLength(req.body)) },
    // Node resolves through `lookup`; answering with the checked address pins the connection to it.
    lookup: pinnedLookup([req.address]),
    // One connection per attempt: a pooled socket could lead to an address checked earlier.
    agent: false as const,
    ...(https && isIP(host) === 0 ? { servername: host } : {}),
  };

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const settle = (result: AttemptResult) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    const onResponse = (res: IncomingMessage) => {
      const retryAfter = res.headers['retry-after'];
      settle({ kind: 'response', status: res.statusCode ?? 0, retryAfter });
      let drained = 0;
      res.on('data', (chunk: Buffer) => {
        drained += chunk.length;
        if (drained > MAX_DRAINED_BYTES) res.destroy();
      });
      res.on('error', () => {});
      res.on('end', () => clearTimeout(timer));
    };
    const outgoing = https ? httpsRequest(options, onResponse) : httpRequest(options, onResponse);
    const timer = setTimeout(() => {
      settle({ kind: 'network', error: `timed out after ${req.timeoutMs} ms` });
      outgoing.destroy();
    }, req.timeoutMs);
    outgoing.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      settle({ kind: 'network', error: networkError(err) });
    });
    outgoing.on('close', () => {
      if (settled) return;
      clearTimeout(timer);
      settle({ kind: 'network', error: 'connection closed without a response' });
    });
    outgoing.end(req.body);
  });
}

/** A short, log-safe reason: the error code and Node's message, at most 200 characters. */
function networkError(err: NodeJS.ErrnoException): string {
  const text = err.code ? `${err.code}: ${err.message}` : err.message || 'network error';
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
}
