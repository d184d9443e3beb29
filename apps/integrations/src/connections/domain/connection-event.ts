/**
 * The integrations service's event that a connection needs connecting again (docs/architecture.md
 * "Events"): the booking events' envelope (`id`, `type`, `payloadVersion`, `occurredAtMs`,
 * `data`), published to the integration topic keyed by connection id. Only ids and the provider:
 * no account name, no token.
 */

export const NEEDS_REAUTH_EVENT = 'connection.needs_reauth';

export interface NeedsReauthEvent {
  id: string;
  type: typeof NEEDS_REAUTH_EVENT;
  payloadVersion: 1;
  occurredAtMs: number;
  data: {
    connection: { connectionId: string; tenantId: string; staffId: string; provider: string; needsReauthAtMs: number };
  };
}

/**
 * One id per flip, the same on every publish of it (a relay that dies after publishing publishes
 * it again), so the receivers deduplicate by it.
 */
export const needsReauthEventId = (connectionId: string, needsReauthAtMs: number): string =>
  `evt_reauth_${connectionId}_${needsReauthAtMs}`;

/** The event of a connection flipped to needs_reauth at `needsReauthAtMs`. */
export function needsReauthEvent(
  doc: { _id: string; tenantId: string; staffId: string; provider: string },
  needsReauthAtMs: number,
): NeedsReauthEvent {
  return {
    id: needsReauthEventId(doc._id, needsReauthAtMs),
    type: NEEDS_REAUTH_EVENT,
    payloadVersion: 1,
    occurredAtMs: needsReauthAtMs,
    data: {
      connection: {
        connectionId: doc._id,
        tenantId: doc.tenantId,
        staffId: doc.staffId,
        provider: doc.provider,
        needsReauthAtMs,
      },
    },
  };
}
