/**
 * The IANA zone a calendar's TZID means when the object carries no VTIMEZONE for it
 * (docs/decisions.md "Integrations", "Floating and unknown zones"): an IANA name or alias as it
 * is; a Windows zone name (Outlook and Exchange write `W. Europe Standard Time`) through CLDR's
 * windowsZones mapping as the `windows-iana` package ships it (its "001" entry, the zone CLDR
 * names for the whole world: `Europe/Berlin`); an IANA name behind a path some clients put
 * before it (`/mozilla.org/20050126_1/Europe/Berlin`, `/freeassociation.sourceforge.net/Tzfile/…`,
 * `/citadel.org/20190914_1/…`). Anything else is null: the caller reads its times as floating.
 */
import { WINDOWS_TO_IANA_MAP } from 'windows-iana';
import { canonicalTimeZone, isIanaTimeZone } from '@svc/rules';

/** Windows zone names in lower case → the IANA zone CLDR maps them to for territory 001. */
const WINDOWS = new Map<string, string>();
for (const entry of WINDOWS_TO_IANA_MAP) {
  const iana = entry.iana[0];
  if (entry.territory === '001' && iana !== undefined && isIanaTimeZone(iana)) {
    WINDOWS.set(entry.windowsName.toLowerCase(), canonicalTimeZone(iana));
  }
}

/** A TZID longer than this is nobody's zone name (and is not looked at further). */
const MAX_TZID_LENGTH = 200;

/** TZIDs already read (Intl's answer costs about half a millisecond); bounded, so no calendar grows it. */
const KNOWN = new Map<string, string | null>();
const MAX_KNOWN = 4_096;

/** The IANA zone `tzid` names (see above), canonical, or null when it names none we know. */
export function ianaZoneOfTzid(tzid: string): string | null {
  const known = KNOWN.get(tzid);
  if (known !== undefined) return known;
  const zone = lookUp(tzid);
  if (KNOWN.size < MAX_KNOWN) KNOWN.set(tzid, zone);
  return zone;
}

function lookUp(tzid: string): string | null {
  const name = tzid.trim().replace(/^"(.*)"$/, '$1');
  if (name === '' || name.length > MAX_TZID_LENGTH) return null;
  if (isIanaTimeZone(name)) return canonicalTimeZone(name);
  const windows = WINDOWS.get(name.toLowerCase());
  if (windows !== undefined) return windows;
  // A path before the IANA name: its longest tail of whole segments that is one.
  const segments = name.split('/').filter((s) => s !== '');
  for (let i = 1; i < segments.length; i++) {
    const tail = segments.slice(i).join('/');
    if (isIanaTimeZone(tail)) return canonicalTimeZone(tail);
  }
  return null;
}
