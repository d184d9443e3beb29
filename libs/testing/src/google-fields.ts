/**
 * Google APIs' partial responses (the `fields` parameter, "Performance tips" of the Calendar API
 * v3 guide): a comma-separated list of fields, `name(sub,fields)` selecting inside an object or
 * each element of an array. The stand-in knows the fields events.list answers and, as Google
 * does, refuses a name the resource does not have, so a misspelt field in the integrations
 * service fails its tests instead of only against Google. Paths (`a/b`) and `*` are not
 * implemented (refused as well).
 */
export type FieldSelection = Map<string, FieldSelection | null>;

type Schema = { [name: string]: Schema | null };

const TIME: Schema = { date: null, dateTime: null, timeZone: null };
const PERSON: Schema = { id: null, email: null, displayName: null, self: null };
const EVENT: Schema = {
  kind: null,
  etag: null,
  id: null,
  status: null,
  htmlLink: null,
  created: null,
  updated: null,
  summary: null,
  description: null,
  location: null,
  colorId: null,
  creator: PERSON,
  organizer: PERSON,
  start: TIME,
  end: TIME,
  endTimeUnspecified: null,
  recurrence: null,
  recurringEventId: null,
  originalStartTime: TIME,
  transparency: null,
  visibility: null,
  iCalUID: null,
  sequence: null,
  attendees: {
    ...PERSON,
    organizer: null,
    resource: null,
    optional: null,
    responseStatus: null,
    comment: null,
    additionalGuests: null,
  },
  attendeesOmitted: null,
  hangoutLink: null,
  conferenceData: null,
  reminders: null,
  eventType: null,
  workingLocationProperties: null,
  outOfOfficeProperties: null,
  focusTimeProperties: null,
  birthdayProperties: null,
  attachments: null,
  source: null,
  extendedProperties: null,
  guestsCanModify: null,
  guestsCanInviteOthers: null,
  guestsCanSeeOtherGuests: null,
  anyoneCanAddSelf: null,
  privateCopy: null,
  locked: null,
};
/** An events.list answer. */
export const EVENTS_PAGE: Schema = {
  kind: null,
  etag: null,
  summary: null,
  description: null,
  updated: null,
  timeZone: null,
  accessRole: null,
  defaultReminders: null,
  nextPageToken: null,
  nextSyncToken: null,
  items: EVENT,
};

/** The selection `text` names, or the first part of it that is not a field of `schema`. */
export function parseFields(text: string, schema: Schema = EVENTS_PAGE): FieldSelection | string {
  let at = 0;
  const list = (within: Schema | null): FieldSelection | string => {
    const out: FieldSelection = new Map();
    for (;;) {
      const name = /^[A-Za-z][A-Za-z0-9_]*/.exec(text.slice(at))?.[0];
      if (!name) return text.slice(at) || text;
      if (within && !(name in within)) return name;
      at += name.length;
      let inner: FieldSelection | null = null;
      if (text[at] === '(') {
        at++;
        const sub = list(within ? (within[name] ?? null) : null);
        if (typeof sub === 'string') return sub;
        if (text[at] !== ')') return text.slice(at) || text;
        at++;
        inner = sub;
      }
      out.set(name, inner);
      if (text[at] !== ',') return out;
      at++;
    }
  };
  const selection = list(schema);
  if (typeof selection === 'string') return selection;
  return at === text.length ? selection : text.slice(at);
}

/** `value` with only the selected fields (in arrays: of each element). */
export function project(value: unknown, selection: FieldSelection): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, selection));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [name, inner] of selection) {
    if (!(name in value)) continue;
    const field = (value as Record<string, unknown>)[name];
    out[name] = inner ? project(field, inner) : field;
  }
  return out;
}
