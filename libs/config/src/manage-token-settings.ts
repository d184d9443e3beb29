import { z } from 'zod';
import { embeddedSecret } from './embedded-secrets.js';

/**
 * The keys of manage tokens (docs/decisions.md "Manage token"): the gateway verifies and mints
 * them, the notifications service mints the same token for its emails, so both read these.
 */
export const manageTokenSettings = {
  /** HMAC key of manage tokens (≥ 32 characters), named by MANAGE_TOKEN_KID; embedded: generated. */
  MANAGE_TOKEN_SECRET: z.string().min(32).optional(),
  MANAGE_TOKEN_KID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('k1'),
  /** Earlier keys still accepted while their tokens live: `kid:secret,kid:secret`. */
  MANAGE_TOKEN_PREVIOUS: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}:\S{32,}(,[A-Za-z0-9_-]{1,32}:\S{32,})*$/, 'kid:secret pairs, comma-separated')
    .optional(),
};

/** The keys as @svc/crypto's manage-token functions take them (ManageTokenKeys). */
export function manageTokenKeysOf(config: {
  DATA_DIR: string;
  MANAGE_TOKEN_SECRET?: string | undefined;
  MANAGE_TOKEN_KID: string;
  MANAGE_TOKEN_PREVIOUS?: string | undefined;
}): { current: { kid: string; secret: string }; previous: Array<{ kid: string; secret: string }> } {
  return {
    current: {
      kid: config.MANAGE_TOKEN_KID,
      secret: config.MANAGE_TOKEN_SECRET ?? embeddedSecret(config.DATA_DIR, 'manage'),
    },
    previous: (config.MANAGE_TOKEN_PREVIOUS ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => ({ kid: pair.slice(0, pair.indexOf(':')), secret: pair.slice(pair.indexOf(':') + 1) })),
  };
}
