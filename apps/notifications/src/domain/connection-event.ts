/**
 * The integrations service's `connection.needs_reauth` as the notifications read it off the
 * integration topic (docs/architecture.md "Events"): the booking events' envelope, `data.connection`
 * naming the tenant, the staff member and the provider. Pure.
 */
import { parseEnvelope } from '@svc/events';
import { isRecord } from '@svc/rules';

export interface ConnectionNeedsReauth {
  /** The same on every publish of one flip: what makes a redelivery send nothing twice. */
  id: string;
  tenantId: string;
  connectionId: string;
  /** '' when the event names none. */
  staffId: string;
  provider: string;
  needsReauthAtMs: number;
}

export const NEEDS_REAUTH_EVENT = 'connection.needs_reauth';

/** The providers as the business calls them (the integrations service's names). */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  google: 'Google Calendar',
  microsoft: 'Microsoft 365',
  caldav: 'CalDAV',
  zoom: 'Zoom',
};

export const providerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The event; `{ ignored }` for another type of the topic (a later one this release does not
 * know); `{ problem }` when the message is not a usable event (skipped: retrying cannot fix it).
 */
export function parseConnectionEvent(
  value: string,
): { event: ConnectionNeedsReauth } | { ignored: string } | { problem: string } {
  const parsed = parseEnvelope(value);
  if ('problem' in parsed) return parsed;
  const { id, type, payloadVersion, data } = parsed.envelope;
  if (type !== NEEDS_REAUTH_EVENT) return { ignored: str(type) };
  if (str(id) === '') return { problem: 'no event id' };
  if (payloadVersion !== 1) return { problem: `payload version ${String(payloadVersion)} is not 1` };
  const connection = isRecord(data) && isRecord(data.connection) ? data.connection : null;
  const at = connection?.needsReauthAtMs;
  if (!connection || str(connection.tenantId) === '' || str(connection.connectionId) === '') {
    return { problem: 'no data.connection tenantId or connectionId' };
  }
  if (typeof at !== 'number' || !Number.isSafeInteger(at)) return { problem: 'no data.connection.needsReauthAtMs' };
  return {
    event: {
      id: str(id),
      tenantId: str(connection.tenantId),
      connectionId: str(connection.connectionId),
      staffId: str(connection.staffId),
      provider: str(connection.provider),
      needsReauthAtMs: at,
    },
  };
}
