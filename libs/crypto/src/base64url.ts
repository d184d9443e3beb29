const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function encodeBase64Url(data: string | Uint8Array): string {
  return Buffer.from(data).toString('base64url');
}

/**
 * Decodes unpadded base64url, or answers null. Node's decoder silently skips foreign characters
 * and ignores trailing bits, so the input must also be the canonical encoding of what it decodes to.
 */
export function decodeBase64Url(text: string): Buffer | null {
  if (!BASE64URL.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}
