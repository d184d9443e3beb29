import { linksTo, type RouteLink } from '../http/openapi-links.js';
import { STATUS_CHANGES } from './booking-changes.js';
import { DASHBOARD_BOOKINGS } from './surfaces.js';

/**
 * Links from an answer that carries a booking id (at `from` in its data) to the booking
 * operations of a surface (`/api` or `/v1`): the detail, every status change, reschedule and, on
 * the dashboard, the calendar write-back. `except`: the route the answer comes from.
 */
export function bookingLinks(prefix: string, from: string, except?: string): RouteLink[] {
  const item = `${prefix}/bookings/:bookingId`;
  const targets = [
    `GET ${item}`,
    `GET ${item}/events`,
    ...STATUS_CHANGES.map((change) => `POST ${item}/${change.path}`),
    `POST ${item}/reschedule`,
    ...(prefix === DASHBOARD_BOOKINGS.prefix ? [`POST ${item}/calendar-sync`] : []),
  ];
  return linksTo(targets, 'bookingId', from, except);
}

/** The customer's manage routes: the signed link's path (docs/decisions.md "Manage token"). */
export const MANAGE_PATH = '/booking/manage/:token';
const MANAGE_OPERATIONS = [
  `GET ${MANAGE_PATH}`,
  `GET ${MANAGE_PATH}/ics`,
  `GET ${MANAGE_PATH}/export`,
  `POST ${MANAGE_PATH}/cancel`,
  `POST ${MANAGE_PATH}/reschedule`,
];

/**
 * Links from an answer that carries a manage token (`token`: where, see RouteLink) to the manage
 * operations; `except`: the route the answer comes from.
 */
export function manageLinks(token: string, except?: string): RouteLink[] {
  return linksTo(MANAGE_OPERATIONS, 'token', token, except);
}
