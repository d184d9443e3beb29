import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets a service must read back (webhook signing secrets) are stored sealed with
 * AES-256-GCM: `sb1.<kid>.<iv>.<ciphertext>.<tag>` (base64url parts). The key is derived with
 * HKDF-SHA256 from a configured key string of at least 32 characters; `kid` (8 hex characters
 * of the derived key's hash) names it, so a sealed value opens with the current key or any
 * previous one still configured, and a value sealed with an unknown key fails loudly instead of
 * decrypting to garbage. `context` (e.g. the record id) is authenticated, not stored: a
 * ciphertext copied onto another record does not open there.
 */
export class SecretBox {
  private readonly current: BoxKey;
  private readonly byKid: Map<string, BoxKey>;

  constructor(key: string, previous: readonly string[] = []) {
    this.current = deriveKey(key);
    this.byKid = new Map([this.current, ...previous.map(deriveKey)].map((k) => [k.kid, k]));
  }

  /** The key id new values are sealed with. */
  get kid(): string {
    return this.current.kid;
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [PREFIX, this.current.kid, iv, body, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plaintext; throws SecretBoxError when the value is malformed, tampered or sealed with an unknown key. */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== PREFIX) throw new SecretBoxError('not a sealed value');
    const [, kid, iv, body, tag] = parts as [string, string, string, string, string];
    const key = this.byKid.get(kid);
    if (!key) throw new SecretBoxError(`sealed with key ${kid}, which is not configured`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('the sealed value does not authenticate');
    }
  }
}

export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** A configured key string must carry at least this many characters (like the other HMAC keys). */
export const SECRET_BOX_MIN_KEY_LENGTH = 32;

const PREFIX = 'sb1';

interface BoxKey {
  key: Buffer;
  kid: string;
}

function deriveKey(material: string): BoxKey {
  if (material.length < SECRET_BOX_MIN_KEY_LENGTH) {
    throw new RangeError(`a secret box key needs at least ${SECRET_BOX_MIN_KEY_LENGTH} characters`);
  }
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(material, 'utf8'), Buffer.alloc(0), 'svc secret box v1', 32));
  return { key, kid: createHash('sha256').update(key).digest('hex').slice(0, 8) };
}
