/**
 * Where the platform may send a request to a URL a tenant gave (docs/decisions.md "Webhooks",
 * "URL policy"; the CalDAV server of docs/decisions.md "Integrations" follows the same rules).
 * Checked when the URL is set and again before every request, on the addresses the host resolves
 * to then; the request connects to an address that was checked (`pinnedLookup`), so a DNS answer
 * that changes in between (DNS rebinding) cannot redirect it.
 *
 * - `https` only. With loopback targets allowed (ALLOW_LOOPBACK_TARGETS, docs/operations.md)
 *   `http` is allowed too when every address of the host is loopback.
 * - Every address the host resolves to must be public: private, loopback, link-local (cloud
 *   metadata at 169.254.169.254 included), CGNAT, unique-local, unspecified, multicast and
 *   reserved ranges are refused; loopback is allowed with loopback targets.
 * - A host on the allowlist (WEBHOOK_URL_ALLOWLIST, CALDAV_URL_ALLOWLIST) skips both checks (an
 *   operator's internal receiver or calendar server).
 *
 * A host that does not resolve and one that resolves to an address not allowed are refused with
 * the same message (and both as something a later attempt may get past), so a tenant admin
 * cannot tell the platform's internal names from names that do not exist.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { addressKind, parseWebhookUrl, urlHost } from '@svc/rules';

/** The addresses of a host name (never called for an address literal). */
export type Resolver = (hostname: string) => Promise<string[]>;

export interface UrlPolicySettings {
  /** Loopback addresses (and http to them) allowed: ALLOW_LOOPBACK_TARGETS (docs/operations.md). */
  allowLoopback: boolean;
  /** Host names or address literals, compared in lower case. */
  allowlist: readonly string[];
  resolve?: Resolver;
}

export type UrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; problem: string; retryable: boolean };

/** The longest a name lookup may take before the attempt counts it as a network error. */
export const RESOLVE_TIMEOUT_MS = 5_000;

/** Refusal of a host by what it resolves to (or not), when loopback targets are not allowed. */
export const NOT_ALLOWED_ADDRESS =
  'must name a host that resolves to public addresses only (not private, loopback, link-local or otherwise reserved)';

/** The same refusal when loopback targets are allowed. */
export const NOT_ALLOWED_ADDRESS_LOOPBACK =
  'must name a host that resolves to public or loopback addresses only (not private, link-local or otherwise reserved)';

export const HTTPS_ONLY = 'must be an https URL';

/** An http URL whose host does not resolve to loopback only, when loopback targets are allowed. */
export const HTTP_LOOPBACK_ONLY = 'must be an https URL (http is allowed only to a host that resolves to loopback)';

export class UrlPolicy {
  private readonly allowlist: ReadonlySet<string>;
  private readonly resolve: Resolver;

  constructor(private readonly settings: UrlPolicySettings) {
    this.allowlist = new Set(settings.allowlist.map((host) => host.toLowerCase().replace(/^\[(.*)\]$/, '$1')));
    this.resolve = settings.resolve ?? resolveWithTimeout;
  }

  get allowLoopback(): boolean {
    return this.settings.allowLoopback;
  }

  /**
   * The URL with the addresses it may be sent to, or the problem (a field message for `url`).
   * `retryable`: the refusal depends on what the host resolves to now, which may change (a
   * delivery tries again).
   */
  async check(raw: string): Promise<UrlCheck> {
    const parsed = parseWebhookUrl(raw);
    if ('problem' in parsed) return { ok: false, problem: parsed.problem, retryable: false };
    const { url } = parsed;
    const host = urlHost(url);
    const allowlisted = this.allowlist.has(host);
    const http = url.protocol === 'http:';
    const loopback = this.settings.allowLoopback;
    if (http && !allowlisted && !loopback) return { ok: false, problem: HTTPS_ONLY, retryable: false };
    let addresses: string[];
    try {
      addresses = isIP(host) ? [host] : await this.resolve(host);
    } catch {
      addresses = [];
    }
    // One answer whether the host does not resolve or resolves where it may not go.
    const refused = (problem: string): UrlCheck => ({ ok: false, problem, retryable: true });
    const notAllowed = loopback ? NOT_ALLOWED_ADDRESS_LOOPBACK : NOT_ALLOWED_ADDRESS;
    if (allowlisted) return addresses.length > 0 ? { ok: true, url, addresses } : refused(notAllowed);
    const kinds = addresses.map((address) => addressKind(address));
    if (http) {
      const loopbackOnly = kinds.length > 0 && kinds.every((kind) => kind === 'loopback');
      return loopbackOnly ? { ok: true, url, addresses } : refused(HTTP_LOOPBACK_ONLY);
    }
    const allowed = (kind: string | null) => kind === 'public' || (kind === 'loopback' && loopback);
    if (kinds.length === 0 || !kinds.every(allowed)) return refused(notAllowed);
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
