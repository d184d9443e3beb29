/**
 * What a fresh grant of each OAuth provider connects (docs/decisions.md "Integrations"), for the
 * connect's callback (connections/rpc/oauth-connect.ts). Google: its `primary` calendar (the grant's one scope
 * cannot list calendars). Microsoft 365: the account's address (GET /me) and its default calendar,
 * which blocks time and receives bookings (other calendars, such as holidays or a shared team
 * calendar, block only once chosen). Zoom: the account's address and no calendar. Microsoft's and
 * Zoom's are real requests with the new tokens, so a grant that cannot be used is refused here.
 */
import type { OAuthClient, OAuthTokens } from './providers/oauth-client.js';
import { MicrosoftCalendarProvider } from '../calendars/providers/microsoft-calendar.js';
import { ZoomMeetings } from '../meetings/providers/zoom-meetings.js';
import type { OAuthConnectors } from './rpc/oauth-connect.js';

export interface OAuthConnectorSettings {
  timeoutMs: number;
  maxResponseBytes: number;
  google: { oauth: OAuthClient } | null;
  microsoft?: { oauth: OAuthClient; apiUrl: string } | null;
  zoom?: { oauth: OAuthClient; apiUrl: string } | null;
}

export function oauthConnectors(settings: OAuthConnectorSettings): OAuthConnectors {
  const { timeoutMs, maxResponseBytes, google, microsoft, zoom } = settings;
  const bearer = (tokens: OAuthTokens) => async () => tokens.accessToken;
  return {
    ...(google
      ? {
          google: {
            client: google.oauth,
            title: 'Google Calendar',
            describe: async () => ({ account: 'primary', busyCalendarIds: ['primary'], bookingCalendarId: 'primary' }),
          },
        }
      : {}),
    ...(microsoft
      ? {
          microsoft: {
            client: microsoft.oauth,
            title: 'Microsoft 365',
            describe: async (tokens: OAuthTokens) => {
              const graph = new MicrosoftCalendarProvider({
                apiUrl: microsoft.apiUrl,
                accessToken: bearer(tokens),
                timeoutMs,
                maxResponseBytes,
              });
              const account = await graph.account();
              const calendars = await graph.calendars();
              const main = calendars.find((c) => c.isDefaultCalendar) ?? calendars[0];
              return {
                account,
                busyCalendarIds: main ? [main.calendarId] : [],
                bookingCalendarId: main?.calendarId ?? null,
              };
            },
          },
        }
      : {}),
    ...(zoom
      ? {
          zoom: {
            client: zoom.oauth,
            title: 'Zoom',
            describe: async (tokens: OAuthTokens) => ({
              account: await new ZoomMeetings({
                apiUrl: zoom.apiUrl,
                accessToken: bearer(tokens),
                timeoutMs,
                maxResponseBytes,
              }).account(),
              busyCalendarIds: [],
              bookingCalendarId: null,
            }),
          },
        }
      : {}),
  };
}
