/**
 * The official Stripe SDK as this service builds it (docs/decisions.md "Payments"): one client
 * per secret key, aimed at STRIPE_API_URL (Stripe itself, or a stand-in in tests), each request
 * within the provider timeout and retried once at most (every call that changes something carries
 * an idempotency key, so a retry never pays or refunds twice). The SDK's usage telemetry header
 * is off; nothing here logs, and the key lives only inside the client.
 */
import Stripe from 'stripe';

export const STRIPE_DEFAULT_API_URL = 'https://api.stripe.com';

export interface StripeClientSettings {
  /** STRIPE_API_URL: an http(s) URL; a path (a stand-in mounted below a prefix) goes before the SDK's `/v1/…`. */
  apiUrl: string;
  timeoutMs: number;
}

/** Where the SDK sends its requests: the parts of the configured URL it takes one by one. */
export function stripeAddress(apiUrl: string): {
  host: string;
  port: number;
  protocol: 'http' | 'https';
  pathPrefix: string;
} {
  const url = new URL(apiUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`STRIPE_API_URL must be an http(s) URL, not ${url.protocol}`);
  }
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    // An IPv6 literal without its brackets: the SDK hands the host to Node's http.request.
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (protocol === 'https' ? 443 : 80) : Number(url.port),
    protocol,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
  };
}

/** A new SDK client of one secret key. */
export function newStripeClient(secretKey: string, settings: StripeClientSettings): Stripe {
  const address = stripeAddress(settings.apiUrl);
  const http = Stripe.createNodeHttpClient();
  return new Stripe(secretKey, {
    host: address.host,
    port: address.port,
    protocol: address.protocol,
    timeout: settings.timeoutMs,
    maxNetworkRetries: 1,
    telemetry: false,
    ...(address.pathPrefix === ''
      ? {}
      : {
          // The SDK has no base path of its own: its HTTP client puts the prefix before each path.
          httpClient: {
            getClientName: () => http.getClientName(),
            makeRequest: (host, port, path, ...rest) =>
              http.makeRequest(host, port, `${address.pathPrefix}${path}`, ...rest),
          },
        }),
  });
}
