import { z } from 'zod';

// IANA names are letters, digits and `_ - + /`; this also keeps out offsets such as "+01:00".
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;
export const MAX_TIME_ZONE_LENGTH = 64;
export const TIME_ZONE_MESSAGE = 'must be an IANA time zone, like Europe/Berlin';

/**
 * Names found to be zones. Making an Intl.DateTimeFormat to ask costs about half a millisecond,
 * which a per-request check (every GetBusyTimes names its zones) cannot pay each time. Only
 * zones that exist are kept and the map is bounded (the IANA list and its aliases are about a
 * thousand names), so a caller cannot grow it.
 */
const KNOWN_ZONES = new Set<string>();
const MAX_KNOWN_ZONES = 4_096;

/** A real IANA zone (or alias, in any letter case) that Intl can compute with, e.g. `Europe/Paris`, `UTC`. */
export function isIanaTimeZone(value: string): boolean {
  if (KNOWN_ZONES.has(value)) return true;
  if (value.length > MAX_TIME_ZONE_LENGTH || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  if (KNOWN_ZONES.size < MAX_KNOWN_ZONES) KNOWN_ZONES.add(value);
  return true;
}

/**
 * The zone's canonical name as Intl resolves it (`europe/paris` → `Europe/Paris`,
 * `US/Eastern` → `America/New_York`), so stored zones are the ones every consumer (the
 * availability engine's luxon among them) knows. Call after isIanaTimeZone.
 */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/** Trimmed and canonical, or null when it is not a zone. */
export function normalizeTimeZone(input: string): string | null {
  const text = input.trim();
  return isIanaTimeZone(text) ? canonicalTimeZone(text) : null;
}

/** The canonical names this runtime knows (what the document lists; aliases are accepted too). */
export const CANONICAL_TIME_ZONES: readonly string[] = [
  ...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']),
].sort();

export const timeZoneSchema = z
  .string()
  .trim()
  .refine(isIanaTimeZone, TIME_ZONE_MESSAGE)
  .meta({
    description:
      'An IANA time zone. The list holds the canonical names; aliases (US/Eastern) and other letter ' +
      'cases are accepted too and stored canonical.',
    enum: [...CANONICAL_TIME_ZONES],
  });
