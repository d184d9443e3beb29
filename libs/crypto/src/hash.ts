import { createHash, createHmac } from 'node:crypto';

/** Lower-case hex SHA-256 of the UTF-8 text (e.g. to store only a hash of a secret). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export function hmacSha256(secret: string | Uint8Array, message: string): Buffer {
  return createHmac('sha256', secret).update(message, 'utf8').digest();
}
