/**
 * Webhook inputs (docs/decisions.md "Webhooks"): the event names a subscription may filter on,
 * and the shape of its URL and description. What a URL may point to (https, loopback in
 * development mode, no private addresses) needs the platform's profile and a DNS lookup, so the
 * dispatcher decides it; `addressKind` (network-address.ts) is the pure part of that.
 */
import { z } from 'zod';

/** The specification's event names ("Events"), in its order. */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.confirmed',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.completed',
  'booking.no_show',
  'booking.expired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const isWebhookEventType = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

export const WEBHOOK_EVENT_MESSAGE = `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`;

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;

/**
 * The URL as a webhook endpoint, or why not: an absolute http or https URL of at most 2048
 * characters with a host and without user name or password (they would show in every list).
 * Whether http is allowed, and where the host may point, is the dispatcher's URL policy.
 */
export function parseWebhookUrl(value: string): { url: URL } | { problem: string } {
  if (value.length > WEBHOOK_URL_MAX_LENGTH) {
    return { problem: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an absolute URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'must be an https URL' };
  if (url.hostname === '') return { problem: 'must name a host' };
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain a user name or password' };
  // The normalized form (punycode host, default port dropped) can be longer than the input.
  if (url.href.length > WEBHOOK_URL_MAX_LENGTH) {
    return { problem: `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters` };
  }
  return { url };
}

/** The host of a URL as names and addresses are compared: lower case, IPv6 without brackets. */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const webhookUrlSchema = z
  .string()
  .max(WEBHOOK_URL_MAX_LENGTH)
  .superRefine((value, ctx) => {
    const parsed = parseWebhookUrl(value);
    if ('problem' in parsed) ctx.addIssue({ code: 'custom', message: parsed.problem });
  });

export const webhookDescriptionSchema = z.string().max(WEBHOOK_DESCRIPTION_MAX_LENGTH);
