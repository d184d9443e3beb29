import { storeConfigFor } from '@svc/config';
import { sha256Hex } from '@svc/crypto';
import { SESSION_COOKIE } from '@svc/crypto';
import { MCP_TOOLS } from '@svc/gateway';
import { AUDIT_EVENTS, hashSessionToken, type AuditEventDoc } from '@svc/identity';
import { openStore, type DocumentStore } from '@svc/store';

/**
 * The audit log's check over every platform test file (issue 28; docs/decisions.md "Audit log"):
 * each dashboard (/api), partner API (/v1) and MCP write a test makes must leave exactly one audit
 * record, `succeeded`, with the caller as its actor. The fixtures start a `WriteWatch` with every
 * platform (startTestPlatform, platformProcess); it sees the requests the test sends with `fetch`
 * (the MCP SDK's client included), and the fixture's cleanup verifies it once the platform has
 * stopped, so a write with no record or two fails the file, naming the request. New routes are
 * covered by what they are, not by a list:
 * - a write is a 2xx answer to a method other than GET or HEAD under /api/, /v1/ or /platform/, and
 *   each successful `tools/call` of an MCP tool that is not read-only (MCP_TOOLS);
 * - the expected actor comes from the request's credentials, read from the identity service's store before
 *   the request is sent (the session's user for /api, the API key for /v1 and MCP, the platform
 *   key for /platform), so a key rotated later in the test still names its id;
 * - records are matched by the answer's x-request-id (and the tool's name for MCP).
 * Not seen: requests a browser makes (the Puppeteer suites) and raw node:http requests.
 */
export class WriteWatch {
  private readonly expected: Expected[] = [];
  private readonly origin: string;
  private identityStore: Promise<DocumentStore> | null = null;

  constructor(
    base: string,
    private readonly dataDir: string,
  ) {
    this.origin = new URL(base).origin;
    watches.add(this);
    install();
  }

  /** Whether this watch looks at a request to `url` with `method`. */
  watches(url: URL, method: string): boolean {
    return url.origin === this.origin && !READS.has(method) && surfaceOf(url.pathname) !== null;
  }

  /** Sends the request as the test asked, noting what it expects of the audit log. */
  async send(input: FetchInput, init: RequestInit | undefined, url: URL, method: string): Promise<Response> {
    const surface = surfaceOf(url.pathname)!;
    const headers = headersOf(input, init);
    const body = surface === 'mcp' ? await bodyText(input, init) : null;
    const actor = await this.actorOf(surface, headers);
    const response = await originalFetch!(input, init);
    if (response.status < 200 || response.status > 299) return response;
    const requestId = response.headers.get('x-request-id') ?? '';
    const what = `${method} ${url.pathname}`;
    if (surface !== 'mcp') {
      this.expected.push({ requestId, what, surface, actor, operation: null });
      return response;
    }
    for (const tool of succeededWrites(body, await response.clone().text())) {
      this.expected.push({ requestId, what: `${what} tools/call ${tool}`, surface, actor, operation: tool });
    }
    return response;
  }

  /**
   * Compares the writes seen with the identity service's audit records (after the platform stopped, so
   * every answer has completed its record): throws a list of every write without exactly one
   * record, with a wrong actor or outcome, and of every record left pending.
   */
  async verify(): Promise<void> {
    if (this.expected.length === 0) return;
    const auditStore = await openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: this.dataDir }));
    const records = await auditStore
      .collection<AuditEventDoc>(AUDIT_EVENTS)
      .find({})
      .finally(() => auditStore.close());
    const problems: string[] = [];
    const byRequest = new Map<string, AuditEventDoc[]>();
    for (const r of records) byRequest.set(r.requestId, [...(byRequest.get(r.requestId) ?? []), r]);
    const groups = new Map<string, Expected[]>();
    for (const e of this.expected) {
      const key = `${e.requestId} ${e.operation ?? ''}`;
      groups.set(key, [...(groups.get(key) ?? []), e]);
    }
    for (const group of groups.values()) {
      const first = group[0]!;
      const mine = (byRequest.get(first.requestId) ?? []).filter(
        // A batch's refused tool calls have records of their own (failed); a successful call counts its own.
        (r) => first.operation === null || (r.operation === first.operation && r.outcome === 'succeeded'),
      );
      const label = `${first.what} (request ${first.requestId})`;
      if (mine.length !== group.length) {
        problems.push(`${label}: ${mine.length} audit records for ${group.length} write(s)`);
        continue;
      }
      for (const r of mine) {
        if (r.outcome !== 'succeeded') problems.push(`${label}: outcome ${r.outcome}`);
        if (r.surface !== first.surface) problems.push(`${label}: surface ${r.surface}, not ${first.surface}`);
        if (!first.actor) problems.push(`${label}: the test's credentials name no user or key`);
        else if (r.actorType !== first.actor.type || r.actorId !== first.actor.id) {
          problems.push(`${label}: actor ${r.actorType} ${r.actorId}, not ${first.actor.type} ${first.actor.id}`);
        }
      }
    }
    for (const r of records) {
      if (r.outcome === 'pending') problems.push(`record ${r._id} (${r.operation}) still pending after the stop`);
    }
    if (problems.length > 0) {
      throw new Error(`audit log check (apps/platform/test/audit-check.ts):\n  ${problems.join('\n  ')}`);
    }
  }

  async close(): Promise<void> {
    watches.delete(this);
    const store = this.identityStore;
    this.identityStore = null;
    await (await store)?.close();
  }

  /** The identity service's store: who a credential names. */
  private openIdentityStore(): Promise<DocumentStore> {
    this.identityStore ??= openStore(storeConfigFor('identity', { PROFILE: 'embedded', DATA_DIR: this.dataDir }));
    return this.identityStore;
  }

  /** The caller the credentials name now: the session's user (/api) or the API key (/v1, MCP). */
  private async actorOf(surface: Surface, headers: Headers): Promise<Expected['actor']> {
    const store = await this.openIdentityStore();
    // Collections and fields as apps/identity/src/store/documents.ts names them.
    if (surface === 'dashboard') {
      const token = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(headers.get('cookie') ?? '')?.[1];
      const session = token ? await store.collection('sessions').findOne({ tokenHash: hashSessionToken(token) }) : null;
      return session ? { type: 'user', id: String(session.userId) } : null;
    }
    const secret = /^Bearer +(\S+)/i.exec(headers.get('authorization') ?? '')?.[1];
    const [collection, type] =
      surface === 'platform' ? ['platform_keys', 'platform_key' as const] : ['api_keys', 'api_key' as const];
    const key = secret ? await store.collection(collection).findOne({ secretHash: sha256Hex(secret) }) : null;
    return key ? { type, id: key._id } : null;
  }
}

type Surface = 'dashboard' | 'partner' | 'mcp' | 'platform';
type FetchInput = Parameters<typeof fetch>[0];

interface Expected {
  requestId: string;
  what: string;
  surface: Surface;
  actor: { type: 'user' | 'api_key' | 'platform_key'; id: string } | null;
  /** The MCP tool; null for an HTTP write (one record per request). */
  operation: string | null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WRITE_TOOLS = new Set(MCP_TOOLS.filter((t) => !t.readOnly).map((t) => t.name));

function surfaceOf(path: string): Surface | null {
  if (path.startsWith('/api/')) return 'dashboard';
  if (path.startsWith('/v1/')) return 'partner';
  if (path.startsWith('/mcp/')) return 'mcp';
  if (path.startsWith('/platform/')) return 'platform';
  return null;
}

function headersOf(input: FetchInput, init: RequestInit | undefined): Headers {
  const headers = new Headers(input instanceof Request ? input.headers : undefined);
  new Headers(init?.headers).forEach((value, name) => headers.set(name, value));
  return headers;
}

async function bodyText(input: FetchInput, init: RequestInit | undefined): Promise<string | null> {
  if (typeof init?.body === 'string') return init.body;
  if (init?.body === undefined && input instanceof Request) return input.clone().text();
  return null;
}

/** The write tools a JSON-RPC request called that its answer reports as done (no `isError`). */
function succeededWrites(request: string | null, answer: string): string[] {
  const calls = new Map<unknown, string>();
  for (const m of messages(request)) {
    const name = (m.params as { name?: unknown } | undefined)?.name;
    if (m.method === 'tools/call' && typeof name === 'string' && WRITE_TOOLS.has(name)) calls.set(m.id, name);
  }
  if (calls.size === 0) return [];
  return messages(answer).flatMap((m) => {
    const tool = calls.get(m.id);
    const result = m.result as { isError?: boolean } | undefined;
    return tool !== undefined && result !== undefined && result.isError !== true ? [tool] : [];
  });
}

function messages(text: string | null): Array<Record<string, unknown>> {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return (Array.isArray(value) ? value : [value]).filter(
      (m): m is Record<string, unknown> => typeof m === 'object' && m !== null,
    );
  } catch {
    return [];
  }
}

const watches = new Set<WriteWatch>();
let originalFetch: typeof fetch | null = null;

/** Puts the watching fetch in place once per test worker; requests no watch wants pass untouched. */
function install(): void {
  if (originalFetch) return;
  const original = globalThis.fetch;
  originalFetch = original;
  globalThis.fetch = (input: FetchInput, init?: RequestInit) => {
    let url: URL;
    try {
      url = new URL(input instanceof Request ? input.url : String(input));
    } catch {
      return original(input, init);
    }
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    for (const watch of watches) if (watch.watches(url, method)) return watch.send(input, init, url, method);
    return original(input, init);
  };
}
