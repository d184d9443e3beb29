import type { KeyAccess } from '../auth/principal.js';

/**
 * Where a set of routes is served: the dashboard's `/api` with a session, or the partner API's
 * `/v1` with an API key of the scopes named here (docs/decisions.md "Partner API"). A route
 * folder registers its routes on either, so payloads and rules are one; app.ts composes the
 * partner API from them.
 */

/**
 * A collection's surface: the dashboard's `/api` (a session: read roles list and get, write
 * roles create and update), or `/v1` with an API key of the scopes named here.
 */
export type AdminSurface = { prefix: '/api' } | { prefix: '/v1'; access: { read: KeyAccess; write: KeyAccess } };
export const DASHBOARD_SURFACE: AdminSurface = { prefix: '/api' };
/** The catalog's collections in the partner API. */
export const PARTNER_CATALOG: AdminSurface = {
  prefix: '/v1',
  access: { read: 'key:catalog:read', write: 'key:catalog:write' },
};
/** The customers in the partner API: customer:read and customer:write. */
export const PARTNER_CUSTOMERS: AdminSurface = {
  prefix: '/v1',
  access: { read: 'key:customer:read', write: 'key:customer:write' },
};
/** The webhook routes in the partner API: webhook:read and webhook:write. */
export const PARTNER_WEBHOOKS: AdminSurface = {
  prefix: '/v1',
  access: { read: 'key:webhook:read', write: 'key:webhook:write' },
};

/** The path, access and tag of `collection` (e.g. `services`) on a surface; `/v1`'s are tagged `partner API`. */
export function onSurface(surface: AdminSurface, collection: string, tag: string) {
  return 'access' in surface
    ? { path: `${surface.prefix}/${collection}`, access: surface.access, tag: 'partner API' }
    : { path: `${surface.prefix}/${collection}`, tag };
}

/**
 * Who reads and changes bookings: the dashboard (a session; actor `staff` in the booking
 * service's state machine) or the partner API (an API key with booking:read or booking:write;
 * actor `partner`). Same RPCs, same record, same rules.
 */
export interface BookingSurface {
  /** `/api` or `/v1`. */
  prefix: string;
  read: 'dashboard:read' | KeyAccess;
  write: 'dashboard:write' | KeyAccess;
  actor: 'staff' | 'partner';
  tags: string[];
}

export const DASHBOARD_BOOKINGS: BookingSurface = {
  prefix: '/api',
  read: 'dashboard:read',
  write: 'dashboard:write',
  actor: 'staff',
  tags: ['bookings'],
};

export const PARTNER_BOOKINGS: BookingSurface = {
  prefix: '/v1',
  read: 'key:booking:read',
  write: 'key:booking:write',
  actor: 'partner',
  tags: ['partner API'],
};

/** Who reads and resends the send log: the dashboard, or a partner key with the notification scopes. */
export interface NotificationSurface {
  prefix: '/api' | '/v1';
  read: 'dashboard:read' | KeyAccess;
  write: 'dashboard:write' | KeyAccess;
  tags: string[];
}

export const DASHBOARD_NOTIFICATIONS: NotificationSurface = {
  prefix: '/api',
  read: 'dashboard:read',
  write: 'dashboard:write',
  tags: ['notifications'],
};

export const PARTNER_NOTIFICATIONS: NotificationSurface = {
  prefix: '/v1',
  read: 'key:notification:read',
  write: 'key:notification:write',
  tags: ['partner API'],
};
