import { z } from 'zod';

/** `limit` of each list: the default when it is absent (0 over gRPC) and the largest allowed. */
export const PAGE_LIMITS = {
  /** Every catalog collection (services, staff, resources, rules, blocked times, holidays). */
  catalog: { default: 50, max: 100 },
  customers: { default: 25, max: 100 },
  bookings: { default: 50, max: 100 },
  /** Webhook subscriptions and deliveries (docs/decisions.md "Webhooks"). */
  webhooks: { default: 50, max: 100 },
  /** The notifications' send log (docs/decisions.md "Notifications"). */
  notifications: { default: 50, max: 100 },
  /** The gateway's audit log (docs/decisions.md "Audit log"). */
  audit: { default: 50, max: 100 },
  /** The identity service's lists: members, API keys, platform keys (docs/decisions.md "Identity service"). */
  identity: { default: 50, max: 100 },
} as const;
export type PagedList = keyof typeof PAGE_LIMITS;

export const pageLimitMessage = (list: PagedList) => `must be an integer from 1 to ${PAGE_LIMITS[list].max}`;

/** The limit to use: 0 (proto's "unset") is the default; above the maximum is refused (null), not clamped. */
export function pageLimit(requested: number, list: PagedList): number | null {
  const { default: fallback, max } = PAGE_LIMITS[list];
  const limit = requested || fallback;
  return Number.isSafeInteger(limit) && limit >= 1 && limit <= max ? limit : null;
}

export function pageLimitSchema(list: PagedList) {
  const { default: fallback, max } = PAGE_LIMITS[list];
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`Page size, 1 to ${max} (default ${fallback}).`);
}
