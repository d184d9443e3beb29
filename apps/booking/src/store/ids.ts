import { randomBytes } from 'node:crypto';

const random = (bytes: number) => randomBytes(bytes).toString('base64url');

export const newBookingId = () => `bkg_${random(15)}`;

let lastMs = 0;
let counter = 0;
/** Event ids sort by creation time (then a per-process counter), so the relay can publish in order. */
export function newEventId(nowMs: number): string {
  counter = nowMs === lastMs ? counter + 1 : 0;
  lastMs = nowMs;
  return `evt_${nowMs.toString(36).padStart(9, '0')}${counter.toString(36).padStart(3, '0')}${random(9)}`;
}
