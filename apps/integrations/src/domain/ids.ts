import { randomBytes } from 'node:crypto';

/** 16 random bytes after a kind prefix (Stripe style), unguessable across tenants. */
export const newConnectionId = (): string => `icn_${randomBytes(16).toString('base64url')}`;
