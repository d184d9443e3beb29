import { z } from 'zod';

/**
 * A slug, for tenants (public booking paths, the operator CLI) and services alike: lower-case
 * letters, digits and hyphens, at most 63 characters, no leading hyphen.
 */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const SLUG_MESSAGE = 'must match ^[a-z0-9][a-z0-9-]{0,62}$';

export const isSlug = (value: string): boolean => SLUG_PATTERN.test(value);

export const slugSchema = z.string().trim().regex(SLUG_PATTERN, SLUG_MESSAGE);

