/**
 * Times and languages of a message (docs/decisions.md "Notifications"): every time in the
 * reader's time zone with the zone named, in the reader's locale. Intl (the ICU of Node) does
 * the calendar work; nothing here computes offsets.
 */
import { canonicalLocale } from '@svc/rules';

/** The languages the texts are written in; any other locale reads English (formatted in its own way). */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Reader {
  /** A canonical BCP 47 tag that Intl formats in. */
  locale: string;
  language: Language;
  timeZone: string;
}

/** The first usable of the locales given (the customer's, then the tenant's), else en. */
export function readerLocale(...candidates: string[]): { locale: string; language: Language } {
  for (const candidate of candidates) {
    const locale = candidate ? canonicalLocale(candidate) : null;
    if (!locale) continue;
    const base = locale.split('-')[0]!.toLowerCase();
    return { locale, language: (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en' };
  }
  return { locale: 'en', language: 'en' };
}

/**
 * Zones Intl took already: making a formatter to find out costs more than the rest of a message's
 * plan (a profile of creates, docs/benchmarks.md "Round 4"). Bounded, though zones come from
 * stored settings: at most this many are remembered.
 */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 1_000;

/** The first time zone given that Intl knows, else UTC. */
export function readerTimeZone(...candidates: string[]): string {
  for (const zone of candidates) {
    if (!zone) continue;
    if (knownZones.has(zone)) return zone;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
      return zone;
    } catch {
      // Not a zone this ICU knows: the next candidate.
    }
  }
  return 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** ICU puts a narrow no-break space before AM/PM; some mail clients show it as a box. */
const plain = (text: string): string => text.replace(/\u202f/g, ' ');

function formatter(reader: Reader, options: Intl.DateTimeFormatOptions, kind: string): Intl.DateTimeFormat {
  // Bounded: readers come from stored, validated locales and zones, a few hundred at most.
  const key = `${kind}|${reader.locale}|${reader.timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    if (formatters.size > 2_000) formatters.clear();
    f = new Intl.DateTimeFormat(reader.locale, { ...options, timeZone: reader.timeZone });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A moment as the reader reads it, with the zone named twice: its long name and its IANA id, e.g.
 * "Monday, March 2, 2026 at 9:00 AM Eastern Standard Time (America/New_York)".
 */
export function formatWhen(ms: number, reader: Reader): string {
  const when = formatter(
    reader,
    {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'long',
    },
    'when',
  ).format(ms);
  return plain(`${when} (${reader.timeZone})`);
}

/** A short date for a subject line, e.g. "Mon, Mar 2, 9:00 AM". */
export function formatShort(ms: number, reader: Reader): string {
  return plain(
    formatter(
      reader,
      { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
      'short',
    ).format(ms),
  );
}

/** Only the time of day with the zone's short name, e.g. "9:10 AM CET". */
export function formatTime(ms: number, reader: Reader): string {
  return plain(formatter(reader, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }, 'time').format(ms));
}
