/**
 * Which video meeting a confirmed booking gets (docs/decisions.md "Integrations", "Video
 * meetings"): the service chooses its provider; Meet and Teams come with the event in the staff
 * member's Google or Microsoft calendar and only there, Zoom with the staff member's Zoom
 * connection whatever their calendar (or none). A provider the staff member cannot give leaves
 * the booking without a link, never refused; for Zoom the record says why.
 */
/** A service's video provider (the catalog's `conferencing`). */
export type Conferencing = 'none' | 'google_meet' | 'microsoft_teams' | 'zoom';

export const CONFERENCING: readonly Conferencing[] = ['none', 'google_meet', 'microsoft_teams', 'zoom'];

export interface VideoPlan {
  /** The meeting the calendar event itself asks its provider for. */
  calendar: 'none' | 'google_meet' | 'microsoft_teams';
  /** Whether a Zoom meeting is made (at the staff member's Zoom connection). */
  zoom: boolean;
  /** The provider asked for that the staff member has no connection of (the booking has no link). */
  missing: 'zoom' | null;
}

/**
 * The plan for a booking of a service with `conferencing`, written to a calendar of
 * `calendarProvider` (null: the staff member has no receiving calendar), by a staff member who
 * has a Zoom connection or not.
 */
export function videoPlan(conferencing: Conferencing, calendarProvider: string | null, hasZoom: boolean): VideoPlan {
  const none: VideoPlan = { calendar: 'none', zoom: false, missing: null };
  switch (conferencing) {
    case 'zoom':
      return hasZoom ? { ...none, zoom: true } : { ...none, missing: 'zoom' };
    case 'google_meet':
      return calendarProvider === 'google' ? { ...none, calendar: 'google_meet' } : none;
    case 'microsoft_teams':
      return calendarProvider === 'microsoft' ? { ...none, calendar: 'microsoft_teams' } : none;
    case 'none':
      return none;
  }
}

/** The catalog's value as a Conferencing (an unknown one, from a newer catalog: none). */
export const asConferencing = (value: string | undefined): Conferencing =>
  (CONFERENCING as readonly string[]).includes(value ?? '') ? (value as Conferencing) : 'none';

/** Why a booking of a Zoom service has no link (the record's lastError). */
export const MISSING_ZOOM =
  'the service asks for a Zoom meeting and the staff member has no Zoom connection: the booking has no meeting link';
