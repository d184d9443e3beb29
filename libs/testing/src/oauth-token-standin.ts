import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './request-body.js';

/**
 * A contract stand-in for an OAuth 2.0 token endpoint's refresh grant, NOT any provider: it
 * follows RFC 6749 (https://www.rfc-editor.org/rfc/rfc6749) section 6 (`grant_type=refresh_token`,
 * form-encoded, the client authenticated with HTTP Basic or `client_id`/`client_secret` in the
 * body, section 2.3.1), answers as section 5.1 (`access_token`, `token_type`, `expires_in`,
 * `refresh_token`) and refuses as section 5.2 (400 `{"error":"invalid_grant"}` for a refresh
 * token it does not know, 401 `invalid_client` for a wrong client). Every refresh rotates the
 * refresh token (the old one is refused from then on), as Microsoft's identity platform and
 * Zoom do, so two refreshes with one token show as a refusal. It counts the refreshes it
 * answered and knows which access tokens it issued (for the API stand-ins' `verifyToken`).
 */
export interface TokenEndpointStandIn {
  /** The token endpoint's URL (what GOOGLE_TOKEN_URL and the like name). */
  url: string;
  clientId: string;
  clientSecret: string;
  /** Tokens as a code exchange would give them, to seed a connection: the access token expires in `expiresInS`. */
  issue(expiresInS: number): { accessToken: string; refreshToken: string; expiresAtMs: number };
  /** Refresh requests received (answered or refused). */
  requests(): number;
  /** Refreshes answered with new tokens. */
  refreshes(): number;
  /** Whether the access token was issued here (by `issue` or a refresh). */
  isValid(accessToken: string): boolean;
  /** Every token it issued (the tests look for them in logs). */
  issued(): string[];
  /** From now on this refresh token is refused with invalid_grant (the user revoked the grant). */
  revoke(refreshToken: string): void;
  /** While set, every request is answered with this status (503: an outage) and no tokens. */
  setFailing(status: number | null): void;
  /** Each answer waits this long first (widens a race); 0 by default. */
  setDelay(ms: number): void;
  /** Access tokens of refreshes live this long (seconds); default 3600. */
  setExpiresIn(seconds: number): void;
  close(): Promise<void>;
}

export async function startTokenEndpointStandIn(): Promise<TokenEndpointStandIn> {
  const clientId = 'token-standin-client';
  const clientSecret = `secret-${randomBytes(12).toString('hex')}`;
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const all: string[] = [];
  let received = 0;
  let answered = 0;
  let delayMs = 0;
  let expiresInS = 3600;
  let failing: number | null = null;
  /** Answers still waiting out their delay (cut short by close). */
  const waiting = new Set<() => void>();

  const mint = (kind: 'at' | 'rt'): string => {
    const token = `${kind}-${randomBytes(18).toString('base64url')}`;
    (kind === 'at' ? accessTokens : refreshTokens).add(token);
    all.push(token);
    return token;
  };
  const send = (res: ServerResponse, status: number, body: unknown) => {
    // Section 5.1: no caching of token answers.
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' });
    res.end(JSON.stringify(body));
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = await readBody(req);
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/token') {
      return send(res, 404, { error: 'not_found' });
    }
    const form = new URLSearchParams(text);
    received++;
    if (delayMs > 0) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, delayMs);
        waiting.add(done);
      });
    }
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64')
          .toString('utf8')
          .split(':')
          .map((part) => decodeURIComponent(part.replace(/\+/g, ' ')))
      : [form.get('client_id'), form.get('client_secret')];
    if (failing !== null) return send(res, failing, { error: 'temporarily_unavailable' });
    if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: 'invalid_client' });
    if (form.get('grant_type') !== 'refresh_token') return send(res, 400, { error: 'unsupported_grant_type' });
    const presented = form.get('refresh_token') ?? '';
    if (!refreshTokens.delete(presented)) return send(res, 400, { error: 'invalid_grant' });
    answered++;
    send(res, 200, {
      access_token: mint('at'),
      token_type: 'Bearer',
      expires_in: expiresInS,
      refresh_token: mint('rt'),
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: 'server_error' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/token`,
    clientId,
    clientSecret,
    issue: (seconds) => ({
      accessToken: mint('at'),
      refreshToken: mint('rt'),
      expiresAtMs: Date.now() + seconds * 1000,
    }),
    requests: () => received,
    refreshes: () => answered,
    isValid: (token) => accessTokens.has(token),
    issued: () => [...all],
    revoke: (token) => {
      refreshTokens.delete(token);
    },
    setFailing: (status) => {
      failing = status;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    setExpiresIn: (seconds) => {
      expiresInS = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const done of [...waiting]) done();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
