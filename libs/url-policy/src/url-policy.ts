/**
 * Where the platform may send a request to a URL a tenant gave (docs/decisions.md "Webhooks",
 * "URL policy"; the CalDAV server of docs/decisions.md "Integrations" follows the same rules).
 * Checked when the URL is set and again before every request, on the addresses the host resolves
 * to then; the request connects to an address that was checked (`pinnedLookup`), so a DNS answer
 * that changes in between (DNS rebinding) cannot redirect it.
 *
 * - `https` only. In development mode (the embedded profile) `http` is allowed too when every
 *   address of the host is loopback.
 * - Every address the host resolves to must be public: private, loopback, link-local (cloud
 *   metadata at 169.254.169.254 included), CGNAT, unique-local, unspecified, multicast and
 *   reserved ranges are refused; loopback is allowed in development mode.
 * - A host on the allowlist (WEBHOOK_URL_ALLOWLIST, CALDAV_URL_ALLOWLIST) skips both checks (an
 *   operator's internal receiver or calendar server).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressKind, parseWebhookUrl, urlHost } from '@svc/rules';

/** The addresses of a host name (never called for an address literal). */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface UrlPolicySettings {
  developmentMode: boolean;
  /** Host names or address literals, compared in lower case. */
  allowlist: readonly string[];
  resolve?: Resolver;
}

export type UrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; problem: string; retryable: boolean };

/** The longest a name lookup may take before the attempt counts it as a network error. */
export const RESOLVE_TIMEOUT_MS = 5_000;

export const NOT_ALLOWED_ADDRESS =
  'must point to a public address (not private, loopback, link-local or otherwise reserved)';

export class UrlPolicy {
  private readonly allowlist: ReadonlySet<string>;
  private readonly resolve: Resolver;

  constructor(private readonly settings: UrlPolicySettings) {
    this.allowlist = new Set(settings.allowlist.map((host) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1')));
    this.resolve = settings.resolve ?? resolveWithTimeout;
  }

  get developmentMode(): boolean {
    return this.settings.developmentMode;
  }

  /**
   * The URL with the addresses it may be sent to, or the problem (a field message for `url`).
   * `retryable`: the host could not be resolved now, which may pass (a delivery tries again).
   */
  async check(raw: string): Promise<UrlCheck> {
    const parsed = parseWebhookUrl(raw);
    if ('problem' in parsed) return { ok: false, problem: parsed.problem, retryable: false };
    const { url } = parsed;
    const host = urlHost(url);
    const allowlisted = this.allowlist.has(host);
    const http = url.protocol === 'http:';
    if (http && !allowlisted && !this.settings.developmentMode) {
      return { ok: false, problem: 'must be an https URL', retryable: false };
    }
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await this.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) return { ok: false, problem: 'names a host that does not resolve', retryable: true };
    if (allowlisted) return { ok: true, url, addresses };
    const kinds = addresses.map((address) => addressKind(address));
    const loopbackOnly = kinds.every((kind) => kind === 'loopback');
    if (http && !loopbackOnly) {
      return {
        ok: false,
        problem: 'must be an https URL (http is allowed only to loopback addresses in development mode)',
        retryable: false,
      };
    }
    const allowed = (kind: string | null) =>
      kind === 'public' || (kind === 'loopback' && this.settings.developmentMode);
    if (!kinds.every(allowed)) return { ok: false, problem: NOT_ALLOWED_ADDRESS, retryable: false };
    return { ok: true, url, addresses };
  }
}

/** The system resolver (getaddrinfo, like any client), bounded in time. */
async function resolveWithTimeout(hostname: string): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`resolving ${hostname} timed out`)), RESOLVE_TIMEOUT_MS);
  });
  try {
    const found = await Promise.race([lookup(hostname, { all: true, verbatim: true }), timeout]);
    return found.map((entry) => entry.address);
  } finally {
    clearTimeout(timer);
  }
}
