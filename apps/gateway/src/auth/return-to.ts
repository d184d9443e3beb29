/**
 * Where to send the browser after login: a path on our own origin, or `/`. Anything that a
 * browser could read as another origin (`//host`, `/\host`, absolute URLs, control characters)
 * is refused, so the login cannot be used as an open redirect.
 */
export function safeReturnTo(value: unknown, baseUrl: string): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\x00-\x1F\x7F\\]/.test(value)) return '/';
  const base = new URL(baseUrl);
  const resolved = new URL(value, base);
  if (resolved.origin !== base.origin) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
