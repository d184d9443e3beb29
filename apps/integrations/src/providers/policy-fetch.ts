/**
 * `fetch` for a server a tenant named (a CalDAV server): every request, and every redirect hop,
 * is checked by the URL policy when it is made and connects to an address the policy accepted
 * then (`pinnedLookup`, Host and TLS server name stay the URL's), as webhook attempts do. So a
 * name that resolves to a public address at connect and to the platform's own network later
 * (DNS rebinding) never gets a request. undici's fetch takes the connector with the pinned
 * lookup; each request has its own connection, closed once the body is read.
 */
import { Agent, fetch as undiciFetch } from 'undici';
import { pinnedLookup, type UrlPolicy } from '@svc/url-policy';

/** The URL policy refused the request's URL (an address it does not allow, or no address). */
export class UrlRefusedError extends Error {}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Statuses whose response has no body (the Response constructor refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function policyFetch(policy: UrlPolicy): Fetch {
  return async (input, init = {}) => {
    let url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    for (let hop = 0; ; hop++) {
      const where = await policy.check(url);
      if (!where.ok) throw new UrlRefusedError(`URL refused: ${where.problem}`);
      const agent = new Agent({ connect: { lookup: pinnedLookup(where.addresses) } });
      try {
        const res = await undiciFetch(where.url, {
          ...(init as object),
          method,
          body: body as never,
          redirect: 'manual',
          dispatcher: agent,
        });
        const bytes = await res.arrayBuffer();
        const location = res.headers.get('location');
        if (REDIRECTS.has(res.status) && location !== null && init.redirect !== 'manual') {
          if (hop >= MAX_REDIRECTS) throw new UrlRefusedError(`more than ${MAX_REDIRECTS} redirects`);
          url = new URL(location, where.url).href;
          // What fetch does: a 303, or a 301/302 of a POST, continues as a GET without body.
          if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        return new Response(NO_BODY.has(res.status) ? null : bytes, {
          status: res.status,
          statusText: res.statusText,
          headers: [...res.headers],
        });
      } finally {
        await agent.close();
      }
    }
  };
}
