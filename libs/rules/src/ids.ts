import { z } from 'zod';

/**
 * The one shape of every id the platform mints and takes back (docs/api-conventions.md "Input
 * rules"): a kind of three lower-case letters, `_`, then 1–60 URL-safe characters. Every
 * service's `ids.ts` mints within it: `ten_`/`stf_`/`cus_`/`whs_`/`icn_` + 22 base64url
 * characters (16 random bytes), `bkg_` + 20, `evt_` + 24, the gateway's `usr_`/`key_` + a UUID
 * (36). So an id is at most 64 characters, and anything longer or of another alphabet names
 * nothing: it is refused as input before it reaches a lookup, a lock key or a cache.
 */
export const ID_MAX_LENGTH = 64;
export const ID_PATTERN = /^[a-z]{3}_[A-Za-z0-9_-]{1,60}$/;
export const ID_MESSAGE = 'must be an id: three lower-case letters, "_", then 1 to 60 letters, digits, "-" or "_"';

export const isId = (value: string): boolean => ID_PATTERN.test(value);

/**
 * An id in a path, query or body. The length check aborts, so a long value gets one detail and
 * the pattern never runs over it; the pattern alone is the whole rule of the document.
 */
export const idSchema = z
  .string()
  .max(ID_MAX_LENGTH, { message: ID_MESSAGE, abort: true })
  .regex(ID_PATTERN, ID_MESSAGE);

/** An optional reference (a staff member's userId, a service's categoryId): an id, or '' to clear it. */
export const optionalIdSchema = z
  .string()
  .trim()
  .max(ID_MAX_LENGTH, { message: ID_MESSAGE, abort: true })
  .regex(new RegExp(`^$|${ID_PATTERN.source}`), `${ID_MESSAGE}, or '' to clear it`);
