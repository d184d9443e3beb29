/**
 * A browser at a local oidc-provider with its development interactions: follows redirects by
 * hand with a cookie jar, fills the login form (any password) and the consent form, and stops
 * at the first redirect to `stopAt` (the client's callback), which it answers unfollowed.
 */
export async function authorizeAtProvider(authorizeUrl: URL, account: string, stopAt: string): Promise<URL> {
  const jar = new CookieJar();
  let next: URL = authorizeUrl;
  for (let hop = 0; hop < 20; hop++) {
    if (next.href.startsWith(stopAt)) return next;
    const res = await fetch(next, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get('location') ?? '', next);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 300)}`);
    // The development interaction page: a login form, then a consent form, both posting here.
    const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
    if (!prompt) throw new Error(`unexpected provider page: ${html.slice(0, 300)}`);
    const form = new URLSearchParams(prompt === 'login' ? { prompt, login: account, password: 'any' } : { prompt });
    const posted = await fetch(next, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    jar.take(posted);
    if (posted.status < 300 || posted.status >= 400) throw new Error(`the provider's form answered ${posted.status}`);
    next = new URL(posted.headers.get('location') ?? '', next);
  }
  throw new Error('too many redirects at the provider');
}

/** A browser's cookie jar for one host (paths ignored: enough for these flows). */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const h of res.headers.getSetCookie()) {
      const [pair = ''] = h.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(h)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
