/** Predicates for the formats the catalog accepts; pure, shared by every record type. */

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// Deliberately loose: one @, no spaces, a dot in the domain. Deliverability is not checked here.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// IANA names are letters, digits and `_ - + /`; this also keeps out offsets such as "+01:00".
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export const isSlug = (value: string): boolean => SLUG_PATTERN.test(value);

export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

export function isHttpsUrl(value: string): boolean {
  if (value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

let currencies: ReadonlySet<string> | undefined;
/** ISO 4217 codes known to the runtime's ICU data (upper case). */
export function isCurrencyCode(value: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf('currency'));
  return currencies.has(value);
}

/** A real IANA zone (or alias) that Intl can compute with, e.g. `Europe/Paris`, `UTC`. */
export function isIanaTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE_NAME.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The zone's canonical name as Intl resolves it (`europe/paris` → `Europe/Paris`,
 * `US/Eastern` → `America/New_York`), so stored zones are the ones every consumer (the
 * availability engine's luxon among them) knows. Call after isIanaTimeZone.
 */
export function canonicalTimeZone(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
}

/** The canonical form of a BCP 47 tag (`en-us` → `en-US`), or null when it is not one. */
export function canonicalLocale(value: string): string | null {
  if (value.length > 35) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(value);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** `YYYY-MM-DD` naming a day that exists (2024-02-29 yes, 2023-02-29 no). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= daysInMonth;
}
