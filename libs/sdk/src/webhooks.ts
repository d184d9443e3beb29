import { createHmac, timingSafeEqual } from 'node:crypto';

/** Headers as Node's `req.headers` has them, or a Fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far the signed `X-Service-Timestamp` may be from this clock, in seconds (default 300). */
  toleranceSec?: number;
  /** This clock in epoch seconds (default now); for tests. */
  nowSec?: number;
}

export const WEBHOOK_SIGNATURE_HEADER = 'x-service-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-service-timestamp';
const DEFAULT_TOLERANCE_SEC = 300;

/**
 * Whether a webhook delivery is the platform's, unchanged and recent: `X-Service-Signature` must
 * be `sha256=` and the hex HMAC-SHA256, keyed with the subscription's whole `whsec_…` secret, of
 * `timestamp + "." + rawBody`, compared in constant time; and `X-Service-Timestamp` within
 * `toleranceSec` of this clock, which bounds replays of a captured request. Check it before
 * parsing the body, over the bytes as received (docs/webhook-receivers.md).
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): boolean {
  const timestamp = headerOf(headers, WEBHOOK_TIMESTAMP_HEADER);
  const signature = headerOf(headers, WEBHOOK_SIGNATURE_HEADER);
  if (timestamp === undefined || signature === undefined || !/^\d{1,12}$/.test(timestamp) || secret === '') {
    return false;
  }
  const nowSec = options.nowSec ?? Math.floor(Date.now() / 1000);
  if (Math.abs(nowSec - Number(timestamp)) > (options.toleranceSec ?? DEFAULT_TOLERANCE_SEC)) return false;
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')}`,
    'utf8',
  );
  const given = Buffer.from(signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** One header's value; a header sent twice is not a valid delivery. */
function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  return typeof value === 'string' ? value : undefined;
}
